import { createOrganization, signUp, startTestApp, validTruck } from '@dispatch/standalone/testing';
import { newEventId } from '@dispatch/storage';
import { fmt, percentile, type Row } from './stats.ts';

const DAY_MS = 86_400_000;

/**
 * `npm run bench -- expiry`: the postings' expiry sweep over `due` trucks past their expiry (half by
 * their availability date, half by their age) in one organization, as the product's sweep makes it
 * (pages of 2,000 made from their rows and appended at once, the projector of the process held
 * meanwhile), while a dispatcher reads the trucks list: the sweep's time (every expiry stored), then
 * the time until the projector has taken them all off the live lists, and the list GET's p50, p95
 * and p99 during each.
 */
export async function benchPostingExpiry({ due }: { due: number }): Promise<Row[]> {
  // The board as the product reads it: postings past their expiry moment are off it before the sweep.
  const app = await startTestApp({ hidesPastExpiry: true });
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
    // Posted in chunks of 1,000 streams at once, so the set-up takes seconds, not minutes.
    for (let from = 0; from < due; from += 1000) {
      const shares = Array.from({ length: Math.min(1000, due - from) }, (_, offset) => {
        const index = from + offset;
        const truckId = 50_000_000 + index;
        // Half are past the day after their date; half are available later but refreshed 10 days ago.
        const availabilityDate = index % 2 === 0 ? '2026-01-05T00:00:00.000Z' : '2099-01-05T00:00:00.000Z';
        return {
          streamId: `truck-${truckId}`,
          expected: 'no_stream' as const,
          events: [
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
        };
      });
      for (const outcome of await store.appendToStreams(shares)) {
        if ('error' in outcome) throw outcome.error;
        if (outcome.result.position > head) head = outcome.result.position;
      }
    }
    await app.projector.waitFor(head, 30 * 60_000);

    const latencies = { sweep: [] as number[], projection: [] as number[] };
    let phase: keyof typeof latencies | null = 'sweep';
    const reader = (async () => {
      while (phase) {
        const during = phase;
        const started = performance.now();
        const response = await app.app.inject({
          method: 'GET',
          url: '/api/v1/trucks?limit=50&orderBy=refreshedAt',
          headers: { cookie },
        });
        if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
        latencies[during].push(performance.now() - started);
        // A dispatcher's board reloading, 50 times a second: not a loop that leaves the sweep no turn.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const spread = (values: number[]) =>
      `${fmt(percentile(values, 50), 1)} / ${fmt(percentile(values, 95), 1)} / ${fmt(percentile(values, 99), 1)} ms`;
    const started = performance.now();
    const expired = await app.sweepPostingExpiry(new Date());
    const seconds = (performance.now() - started) / 1000;
    // The projection after it can take minutes on a busy machine: the sweep's own figure at once.
    console.error(
      `sweep of ${due}: ${fmt(seconds, 2)} s, list GET p50 / p95 / p99 ${spread(latencies.sweep)}`,
    );
    phase = 'projection';
    const projectionStarted = performance.now();
    await app.projector.waitFor(await store.headPosition(), 60 * 60_000);
    const projected = (performance.now() - projectionStarted) / 1000;
    phase = null;
    await reader;
    if (expired !== due) throw new Error(`expected ${due} expiries, the sweep made ${expired}`);
    const left = await app.app.inject({ method: 'GET', url: '/api/v1/trucks?limit=1', headers: { cookie } });
    const live = left.json().data as unknown[];
    if (live.length !== 0)
      throw new Error(`${live.length}+ trucks still on the live list after the projection`);
    return [
      {
        benchmark: 'posting expiry',
        figure: `sweep of ${due} due postings, every expiry stored (goal ≤ 5 s)`,
        value: `${fmt(seconds, 2)} s`,
      },
      { benchmark: 'posting expiry', figure: 'expiries per second', value: fmt(due / seconds) },
      {
        benchmark: 'posting expiry',
        figure: `list GET during the sweep, p50 / p95 / p99 (${latencies.sweep.length} reads)`,
        value: spread(latencies.sweep),
      },
      {
        benchmark: 'posting expiry',
        figure: 'then until the projector has them all off the live list',
        value: `${fmt(projected, 2)} s`,
      },
      {
        benchmark: 'posting expiry',
        figure: `list GET during that projection, p50 / p95 / p99 (${latencies.projection.length} reads)`,
        value: latencies.projection.length > 0 ? spread(latencies.projection) : '(no read)',
      },
    ];
  } finally {
    await app.stop();
  }
}
