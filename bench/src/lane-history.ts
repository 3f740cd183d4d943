import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { laneHistoryQuerySchema, trailerTypes, usCities } from '@dispatch/domain';
import { projections, startProjector } from '@dispatch/projector';
import { laneHistory } from '@dispatch/query-api';
import { collections } from '@dispatch/read-models';
import { openSqliteDocumentStore, openSqliteEventStore } from '@dispatch/storage';
import { generateBoard } from './board-data.ts';
import { tempDir } from './fixtures.ts';
import { fmt, percentile, type Row } from './stats.ts';

/**
 * Lane history at scale: `loads` loads posted over 540 days by one organization (the board
 * generator's: 65 cities, every origin with its own destination, rates of three units, one load in
 * ten edited, one in fifty removed), written to the event store and projected by the lane history's
 * projection (with the organizations', whose time zone it reads); then the query API's own code,
 * below HTTP, asked for lanes around two cities by week and by month: the lanes the board has (about
 * 1,000 loads of a trailer type each) and lanes around random pairs of cities.
 */
export async function benchLaneHistory(options: { loads?: number; samples?: number } = {}): Promise<Row[]> {
  const loads = options.loads ?? 200_000;
  const samples = options.samples ?? 400;
  const dir = tempDir('lane-history');
  const log = (line: string) => console.error(line);
  const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
  const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
  try {
    let started = performance.now();
    const board = await generateBoard(events, { trucks: 0, loads, firstId: 1 });
    log(`  appended ${fmt(board.events)} events in ${fmt((performance.now() - started) / 1000, 1)} s`);
    started = performance.now();
    const used = projections.filter((projection) =>
      ['organizations', 'lane-rates'].includes(projection.name),
    );
    const projector = await startProjector({ eventStore: events, documents, projections: used });
    if (!(await projector.waitFor(board.head, 900_000))) throw new Error('the projector did not catch up');
    await projector.close();
    const projectSeconds = (performance.now() - started) / 1000;
    const buckets = await documents.count(collections.laneRates);
    log(`  projected ${fmt(buckets)} lane buckets in ${fmt(projectSeconds, 1)} s; querying`);

    const city = (index: number) => usCities[index % usCities.length] ?? usCities[0];
    const ask = async (origin: number, destination: number, n: number) => {
      const from = city(origin);
      const to = city(destination);
      const query = laneHistoryQuerySchema.parse({
        originState: from?.state,
        originCity: from?.city,
        destinationState: to?.state,
        destinationCity: to?.city,
        radius: String([50, 100, 250][n % 3]),
        trailerType: trailerTypes[n % trailerTypes.length],
        bucket: n % 2 === 0 ? 'week' : 'month',
      });
      const cpu = process.threadCpuUsage();
      const begin = performance.now();
      const answer = await laneHistory(documents, board.orgId, 'America/Chicago', query);
      const ms = performance.now() - begin;
      const spent = process.threadCpuUsage(cpu);
      return {
        ms,
        cpuMs: (spent.user + spent.system) / 1000,
        points: answer.series.reduce((sum, s) => sum + s.points.length, 0),
      };
    };
    const lanes: number[] = [];
    const random: number[] = [];
    // The main thread's CPU time, beside the wall clock (which a loaded machine's queue lengthens).
    const cpu = { lanes: 0, random: 0 };
    let points = 0;
    for (let n = -20; n < samples; n++) {
      const at = Math.abs(n);
      // The generator sends a load of origin i to the destination 7i (mod the cities).
      const existing = await ask(at, at * 7, at);
      const other = await ask((at * 31 + 5) % usCities.length, (at * 17 + 11) % usCities.length, at);
      if (n < 0) continue;
      lanes.push(existing.ms);
      random.push(other.ms);
      cpu.lanes += existing.cpuMs;
      cpu.random += other.cpuMs;
      points += existing.points;
    }
    log(`  the board's lanes answered ${fmt(points / samples, 1)} points (periods × units) on average`);
    const all = [...lanes, ...random];
    return [
      {
        benchmark: `lane history, ${fmt(loads)} loads: projection (with the organizations')`,
        figure: 'events/s',
        value: fmt(board.events / projectSeconds),
      },
      {
        benchmark: `lane history, ${fmt(loads)} loads: the board's lanes / random city pairs`,
        figure: 'main thread CPU mean ms',
        value: `${fmt(cpu.lanes / samples, 2)} / ${fmt(cpu.random / samples, 2)}`,
      },
      ...(
        [
          ["the board's lanes", lanes],
          ['random city pairs', random],
          ['all', all],
        ] as const
      ).flatMap(([name, times]) => [
        {
          benchmark: `lane history, ${fmt(loads)} loads: ${name}`,
          figure: 'p50 ms',
          value: fmt(percentile(times, 50), 2),
        },
        {
          benchmark: `lane history, ${fmt(loads)} loads: ${name}`,
          figure: 'p95 ms',
          value: fmt(percentile(times, 95), 2),
        },
        {
          benchmark: `lane history, ${fmt(loads)} loads: ${name}`,
          figure: 'p99 ms',
          value: fmt(percentile(times, 99), 2),
        },
      ]),
    ];
  } finally {
    await documents.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
