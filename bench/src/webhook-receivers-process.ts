import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The webhook bench's receivers (see webhooks.ts) in a process of their own, as endpoints are on other
 * machines: reading and answering thousands of deliveries a second takes no turns from the process
 * that times the board's GETs. `RECEIVERS` loopback servers answer 200 at once and note each
 * delivery's arrival (ms since the epoch); the parent asks over IPC.
 */
export type ToReceivers =
  | { type: 'until'; id: number; count: number }
  | { type: 'arrivals'; id: number; prefix: string }
  | { type: 'sequence'; id: number; name: string }
  | { type: 'stop' };

export type FromReceivers =
  | { type: 'listening'; urls: string[] }
  | { type: 'reached'; id: number; delivered: number }
  | { type: 'arrivals'; id: number; arrivals: Record<string, number[]> }
  | { type: 'sequence'; id: number; sequence: number | null };

const count = Number(process.env.RECEIVERS ?? 20);
const send = (message: FromReceivers) => process.send?.(message);
const arrivals = new Map<string, number[]>();
const sequences = new Map<string, number>();
let delivered = 0;
let waiting: { id: number; count: number }[] = [];

function arrived(truckName: string, sequence: number, at: number) {
  delivered += 1;
  sequences.set(truckName, sequence);
  // Only the latency posts' arrival times are kept: the replay's are counted.
  if (truckName.startsWith('Latency ')) {
    const list = arrivals.get(truckName) ?? [];
    list.push(at);
    arrivals.set(truckName, list);
  }
  if (waiting.length > 0 && waiting.some((wait) => delivered >= wait.count)) {
    for (const wait of waiting)
      if (delivered >= wait.count) send({ type: 'reached', id: wait.id, delivered });
    waiting = waiting.filter((wait) => delivered < wait.count);
  }
}

const servers: Server[] = [];
const urls: string[] = [];
for (let i = 0; i < count; i++) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      const item = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        sequence: string;
        data: { truckName?: string };
      };
      response.statusCode = 200;
      response.end();
      arrived(item.data.truckName ?? '', Number(item.sequence), at);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`);
}
send({ type: 'listening', urls });

process.on('message', (message: ToReceivers) => {
  if (message.type === 'until') {
    if (delivered >= message.count) send({ type: 'reached', id: message.id, delivered });
    else waiting.push({ id: message.id, count: message.count });
  } else if (message.type === 'arrivals') {
    const picked: Record<string, number[]> = {};
    for (const [name, list] of arrivals) if (name.startsWith(message.prefix)) picked[name] = list;
    send({ type: 'arrivals', id: message.id, arrivals: picked });
  } else if (message.type === 'sequence') {
    send({ type: 'sequence', id: message.id, sequence: sequences.get(message.name) ?? null });
  } else {
    for (const server of servers) server.closeAllConnections();
    process.exit(0);
  }
});
