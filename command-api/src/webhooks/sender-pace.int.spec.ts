import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPriority } from 'node:os';
import type { FeedItem } from '@dispatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemResolver } from './address-check.ts';
import { webhookSender } from './sender.ts';
import { webhookSenderThread } from './sender-thread.ts';

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.end());
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const items = (count: number): FeedItem[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `evt_${i}`,
    sequence: String(i + 1),
    type: 'truck.posted',
    timestamp: new Date(0).toISOString(),
    data: { truckId: `t${i}` },
  }));
const secrets = [`whsec_${Buffer.alloc(24, 1).toString('base64')}`];

/** The nice value of each thread of this process (Linux). */
function threadNices(): number[] {
  return readdirSync('/proc/self/task').map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    // Past the command's closing parenthesis, the nice value is the 17th field.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('webhook sending pace', () => {
  it('sends no more than the deliveries a second it is set to, every delivery made in order', async () => {
    const sender = webhookSender({
      settings: { allowPrivateAddresses: true, deliveriesPerSecond: 2 },
      resolve: systemResolver,
    });
    try {
      const outcomes = await sender.run(url, items(4), secrets).done;
      expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true, true]);
      // One at once, then the others at 2 a second: the second to the fourth a second apart at the
      // least (unpaced, the time of two loopback requests; the first one's connection is not counted).
      expect(outcomes[3]!.at - outcomes[1]!.at).toBeGreaterThanOrEqual(990);
    } finally {
      await sender.destroy();
    }
  });

  it.runIf(process.platform === 'linux')(
    'sends from a thread 10 nicer than the process, the thread answering the API keeping its own',
    async () => {
      const own = getPriority();
      const nicer = Math.min(19, own + 10);
      const before = threadNices().filter((nice) => nice === nicer).length;
      const sender = webhookSenderThread({ settings: { allowPrivateAddresses: true } });
      try {
        const outcomes = await sender.run(url, items(3), secrets).done;
        expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true]);
        expect(threadNices().filter((nice) => nice === nicer).length).toBe(before + 1);
        expect(getPriority()).toBe(own);
      } finally {
        await sender.destroy();
      }
    },
  );
});
