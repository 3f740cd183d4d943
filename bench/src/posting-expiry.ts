import { createOrganization, signUp, startTestApp, validTruck } from '@dispatch/standalone/testing';
import { newEventId } from '@dispatch/storage';
import { fmt, percentile, type Row } from './stats.ts';

const DAY_MS = 86_400_000;

/**
 * `npm run bench -- expiry`: the postings' expiry sweep over `due` trucks past their expiry (half by
 * their availability date, half by their age) in one organization, each expired through the command
 * path as the product's sweep does, while a dispatcher reads the trucks list: the sweep's time and the
 * list GET's p50 and p95 meanwhile (the sweep yields between pages of 500).
 */
export async function benchPostingExpiry({ due }: { due: number }): Promise<Row[]> {
  const app = await startTestApp();
  try {
    const cookie = await signUp(app, 'expiry-bench@example.com', 'Bench Dispatcher');
    const organization = await createOrganization(app, cookie, 'Expiry Bench');
    const store = app.infrastructure.eventStore;
    const now = Date.now();
    const tenDaysAgo = new Date(now - 10 * DAY_MS).toISOString();
    const userId = (
      await app.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })
    ).json().user.id as string;
    let head = 0n;
    for (let index = 0; index < due; index++) {
      const truckId = 50_000_000 + index;
      // Half are past the day after their date; half are available later but refreshed 10 days ago.
      const availabilityDate = index % 2 === 0 ? '2026-01-05T00:00:00.000Z' : '2099-01-05T00:00:00.000Z';
      head = (
        await store.append(
          `truck-${truckId}`,
          [
            {
              id: newEventId(),
              type: 'TruckPosted',
              data: { truckId, ...validTruck, truckName: `Aging ${index}`, notes: null, availabilityDate },
              metadata: {
                orgId: organization.id,
                actorId: userId,
                correlationId: newEventId(),
                causationId: null,
                schemaVersion: 1,
                occurredAt: tenDaysAgo,
              },
            },
          ],
          { expected: 'no_stream' },
        )
      ).position;
    }
    await app.projector.waitFor(head, 30 * 60_000);

    const latencies: number[] = [];
    let sweeping = true;
    const reader = (async () => {
      while (sweeping) {
        const started = performance.now();
        const response = await app.app.inject({
          method: 'GET',
          url: '/api/v1/trucks?limit=50&orderBy=refreshedAt',
          headers: { cookie },
        });
        if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
        latencies.push(performance.now() - started);
        // A dispatcher's board reloading, 50 times a second: not a loop that leaves the sweep no turn.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const expired = await app.sweepPostingExpiry(new Date());
    const seconds = (performance.now() - started) / 1000;
    sweeping = false;
    await reader;
    if (expired !== due) throw new Error(`expected ${due} expiries, the sweep made ${expired}`);
    return [
      {
        benchmark: 'posting expiry',
        figure: `sweep of ${due} due postings (goal ≤ 5 s)`,
        value: `${fmt(seconds, 2)} s`,
      },
      { benchmark: 'posting expiry', figure: 'expiries per second', value: fmt(due / seconds) },
      {
        benchmark: 'posting expiry',
        figure: `list GET meanwhile, p50 / p95 (${latencies.length} reads)`,
        value: `${fmt(percentile(latencies, 50), 1)} / ${fmt(percentile(latencies, 95), 1)} ms`,
      },
    ];
  } finally {
    await app.stop();
  }
}
