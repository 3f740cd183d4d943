import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSmsOutbox } from './outbox.ts';
import { createSmsSender } from './sms.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function gateway(status: number) {
  const received: { body: unknown; authorization?: string }[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({
      body: JSON.parse(Buffer.concat(chunks).toString()),
      authorization: req.headers.authorization,
    });
    res.statusCode = status;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`, received };
}

describe('SMS port', () => {
  it('writes text messages to the outbox sms folder in the embedded setup', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-sms-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));

    await createSmsSender({ outboxDir: dir }).send({ to: '+13125550100', text: 'Your code is 123456.' });

    expect(await readSmsOutbox(dir)).toEqual([
      { to: '+13125550100', text: 'Your code is 123456.', date: expect.any(Date) },
    ]);
  });

  it('posts { to, text } with the bearer token to the gateway webhook', async () => {
    const { url, received } = await gateway(202);

    await createSmsSender({ webhookUrl: url, token: 'gateway-token' }).send({
      to: '+13125550100',
      text: 'Hello',
    });

    expect(received).toEqual([
      { body: { to: '+13125550100', text: 'Hello' }, authorization: 'Bearer gateway-token' },
    ]);
  });

  it('fails when the gateway refuses the message', async () => {
    const { url } = await gateway(500);

    await expect(
      createSmsSender({ webhookUrl: url }).send({ to: '+13125550100', text: 'Hello' }),
    ).rejects.toThrow('SMS gateway answered 500');
  });
});
