import { Agent, get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createServer } from './create-server.ts';

describe('the probes of a server', () => {
  it('answer live and ready while it serves, and not ready once it begins to stop', async () => {
    const app = await createServer({
      title: 'Probes',
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      logger: 'off',
    });
    // One kept-alive connection, as a gateway holds to each process.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const port = (app.server.address() as { port: number }).port;
        get({ host: '127.0.0.1', port, path, agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        }).on('error', reject);
      });
    // Asked on that connection once the stop has begun, before the server lets its connections go.
    let duringStop: number[] = [];
    app.addHook('preClose', async () => {
      duringStop = [await ask('/ready'), await ask('/live')];
    });
    await app.listen({ port: 0, host: '127.0.0.1' });

    expect([await ask('/live'), await ask('/ready')]).toEqual([200, 200]);
    await app.close();
    expect(duringStop).toEqual([503, 200]);
    agent.destroy();
  });
});
