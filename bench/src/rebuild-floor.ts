import { reportOfChildProcess } from './board-build.ts';
import { fmt, type Row } from './stats.ts';

/** One pass of `rebuild-floor-process.ts`: some rows read from the log and written, then indexed. */
export interface FloorPass {
  rows: number;
  /** Wall time of reading the events and writing their rows, one batch in flight. */
  seconds: number;
  /** CPU time of every thread meanwhile, and of the threads other than the reading one (the writer's). */
  cpu: number;
  otherThreadsCpu: number;
  /** Wall time of the indexes' build over the rows written. */
  indexes: { seconds: number };
}

export interface FloorReport {
  events: number;
  /** Reading and parsing the events alone. */
  reading: { seconds: number; cpu: number };
}

/** The floor of the named read models (a group's): their rows read and written, then indexed. */
export function namedFloor(dir: string, events: number, readModels: string[]) {
  return reportOfChildProcess<FloorReport & { named: FloorPass }>('rebuild-floor-process.ts', [
    dir,
    String(events),
    readModels.join(','),
  ]);
}

/** How long a floor pass takes until its read models could serve: its rows, then their indexes. */
export const servingSeconds = (pass: FloorPass) => pass.seconds + pass.indexes.seconds;

/**
 * The least a rebuild of the folder's first `events` events can cost on this machine (see
 * `rebuild-floor-process.ts`): reading the events and writing the rows the rebuild keeps for them,
 * with no projection at all, measured; for the lists alone, and for every read model. Given the
 * rebuild's own time for those events (before its indexes), also their ratio.
 */
export async function benchRebuildFloor(
  dir: string,
  events: number,
  rebuildSeconds?: number,
): Promise<Row[]> {
  console.error(`  the least a rebuild of the first ${events.toLocaleString()} events can cost…`);
  // Every read model's rows of a million events, held parsed until written: several GB.
  const report = await reportOfChildProcess<FloorReport & { lists: FloorPass; all: FloorPass }>(
    'rebuild-floor-process.ts',
    [dir, String(events)],
    ['--max-old-space-size=16384'],
  );
  const perEvent = (seconds: number) => (seconds * 1e6) / report.events;
  const written = (label: string, pass: FloorPass): Row => ({
    benchmark: `rebuild floor: reading the events and writing ${label} (${fmt(pass.rows)} rows) once each, no projection; CPU of the writer's thread an event`,
    figure: 'seconds (µs)',
    value: `${fmt(pass.seconds, 1)} (${fmt(perEvent(pass.otherThreadsCpu), 1)})`,
  });
  const rows: Row[] = [
    {
      benchmark: `rebuild floor (the first ${fmt(report.events)} events): reading and parsing them alone`,
      figure: 'seconds (µs CPU an event)',
      value: `${fmt(report.reading.seconds, 1)} (${fmt(perEvent(report.reading.cpu), 1)})`,
    },
    written('the list rows alone', report.lists),
    written("every read model's rows", report.all),
  ];
  if (rebuildSeconds !== undefined) {
    rows.push({
      benchmark: `the rebuild of those events against the floor of every read model's rows`,
      figure: 'ratio (goal ≤ 1.25)',
      value: fmt(rebuildSeconds / report.all.seconds, 2),
    });
  }
  return rows;
}
