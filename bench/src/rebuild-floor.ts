import { reportOfChildProcess } from './board-build.ts';
import { fmt, type Row } from './stats.ts';

interface Written {
  rows: number;
  seconds: number;
  cpu: number;
}

interface FloorReport {
  events: number;
  reading: { seconds: number; cpu: number };
  lists: Written;
  all: Written;
}

/** The machine's cores a rebuild can use: the projector's thread and the writer's. */
const REBUILD_THREADS = 2;

/**
 * The least a rebuild of the folder's first `events` events can cost on this machine (see
 * `rebuild-floor-process.ts`): reading the events, and serialising and writing the rows the rebuild
 * keeps for them, with no projection at all; for the lists alone, and for the lists with their
 * history. The CPU time of both, spread perfectly over the two threads a rebuild runs, is the
 * shortest a rebuild of a million such events could take.
 */
export async function benchRebuildFloor(dir: string, events: number): Promise<Row[]> {
  console.error(`  the least a rebuild of the first ${events.toLocaleString()} events can cost…`);
  const report = await reportOfChildProcess<FloorReport>('rebuild-floor-process.ts', [dir, String(events)]);
  const perEvent = (seconds: number) => (seconds * 1e6) / report.events;
  const perMillion = (cpu: number) => fmt((perEvent(cpu) * 1_000_000) / 1e6 / REBUILD_THREADS, 1);
  const reading = perEvent(report.reading.cpu);
  const written = (label: string, figures: Written): Row[] => [
    {
      benchmark: `rebuild floor: serialising and writing ${label} (${fmt(figures.rows)} rows), once each, no projection`,
      figure: 'µs CPU an event (wall s)',
      value: `${fmt(perEvent(figures.cpu), 1)} (${fmt(figures.seconds, 1)})`,
    },
    {
      benchmark: `rebuild floor: reading the events and writing ${label}, spread over ${REBUILD_THREADS} threads, for 1,000,000 such events`,
      figure: 'seconds at the least (goal ≤ 12)',
      value: perMillion(report.reading.cpu + figures.cpu),
    },
  ];
  console.error(
    `  reading ${fmt(reading, 1)} µs CPU an event; writing the lists ${fmt(perEvent(report.lists.cpu), 1)}, with their history ${fmt(perEvent(report.all.cpu), 1)}`,
  );
  return [
    {
      benchmark: `rebuild floor (the first ${fmt(report.events)} events): reading and parsing them alone`,
      figure: 'µs CPU an event (wall s)',
      value: `${fmt(reading, 1)} (${fmt(report.reading.seconds, 1)})`,
    },
    ...written('the list rows alone', report.lists),
    ...written('the list rows, ended versions and activity entries', report.all),
  ];
}
