import { validTruck } from '@dispatch/standalone/testing';
import { describe, expect, it } from 'vitest';
import { app, ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';

/** Reads the live connections the server counts (GET /metrics). */
const METRICS_TOKEN = 'reconnect-metrics-token';

// Pings every 2 s, answered within 3 s: a connection whose network is gone is found lost on both sides
// in seconds rather than Socket.IO's 45 (LIVE_PING_* in docs/operations.md).
useBrowserApp({
  env: { LIVE_PING_INTERVAL_SECONDS: '2', LIVE_PING_TIMEOUT_SECONDS: '3', METRICS_TOKEN },
});

/** The live connections open on the server. */
async function liveConnections(): Promise<number> {
  const scraped = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = scraped.body
    .split('\n')
    .find((candidate) => candidate.startsWith('dispatch_live_connections '));
  if (!line) throw new Error(`no dispatch_live_connections in /metrics: ${scraped.statusCode}`);
  return Number(line.split(' ')[1]);
}

describe('coming back after the network was gone', () => {
  it('catches up on what was posted and edited meanwhile, by position, and marks it', async () => {
    const { cookie, slug } = await ownerThroughApi(
      'e2e-reconnect@example.com',
      'Rae Connect',
      'Reconnect Freight',
    );
    const post = async (truckName: string) => {
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/v1/trucks',
        headers: { cookie, origin: app.url },
        payload: { ...validTruck, truckName },
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: number }).id;
    };
    const kept = await post('Steady Eddie');

    const { context, page } = await signedInPage(cookie, { viewport: { width: 1366, height: 768 } });
    await page.goto(`/${slug}/trucks`);
    await page.locator(`tr[data-truck-id="${kept}"]`).waitFor();
    const live = page.getByRole('status').filter({ hasText: /^Live$/ });
    await live.waitFor({ timeout: 15_000 });
    // The server counts the page's connection: its count falling to none below is the page's.
    await expect.poll(liveConnections, { timeout: 15_000, interval: 250 }).toBe(1);

    // The network goes; the connection is lost and the board says so.
    await context.setOffline(true);
    await page
      .getByText(/Connecting…|Offline, updates paused/)
      .first()
      .waitFor({ timeout: 60_000 });

    // Meanwhile a second browser posts one truck and renames another.
    const second = await signedInPage(cookie);
    const posted = await second.context.request.post('/api/v1/trucks', {
      data: { ...validTruck, truckName: 'Posted While Away' },
      headers: { origin: app.url },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const postedId = ((await posted.json()) as { id: number }).id;
    const current = await second.context.request.get(`/api/v1/trucks/${kept}`);
    const { version } = (await current.json()) as { version: number };
    const edited = await second.context.request.patch(`/api/v1/trucks/${kept}`, {
      data: { truckName: 'Renamed While Away', version },
      headers: { origin: app.url },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    await second.context.close();
    // The connection is given up on the server's side too: nothing it sends now can reach the page.
    await expect.poll(liveConnections, { timeout: 60_000, interval: 250 }).toBe(0);
    expect(await page.locator(`tr[data-truck-id="${postedId}"]`).count()).toBe(0);

    // Back: the board is live again and shows both changes, marked as new, as a push marks them; a
    // re-read of the whole screen would have shown them unmarked.
    await context.setOffline(false);
    await live.waitFor({ timeout: 30_000 });
    const row = page.locator(`tr[data-truck-id="${postedId}"]`);
    await row.waitFor({ timeout: 10_000 });
    await page
      .locator(`tr[data-truck-id="${kept}"]`)
      .getByText('Renamed While Away')
      .waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-highlighted')).toBe('true');
    await context.close();
  });
});
