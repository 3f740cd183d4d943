import { startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    listen: true,
    env: { LIVE_PING_INTERVAL_SECONDS: '3', LIVE_PING_TIMEOUT_SECONDS: '4' },
  });
});
afterAll(() => app.stop());

describe('the pace of the live connections’ pings', () => {
  it('is the one LIVE_PING_* set, told to each client in its handshake', async () => {
    // Engine.IO's opening packet: `0` and the session's settings, which the browser's client times
    // its own loss of the connection by.
    const response = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: app.url },
    });
    const body = await response.text();
    expect(response.status, body).toBe(200);
    expect(body.startsWith('0'), body).toBe(true);
    expect(JSON.parse(body.slice(1))).toMatchObject({ pingInterval: 3_000, pingTimeout: 4_000 });
  });
});
