import { type ReadModelGroupName, readModelGroupNames } from '@dispatch/domain';
import { readModelGroups, readModelsOfGroup } from '@dispatch/projector';
import { keptBoard, reportOfChildProcess } from './board-build.ts';
import { namedFloor, servingSeconds } from './rebuild-floor.ts';
import { fmt, type Row } from './stats.ts';

interface Samples {
  count: number;
  p50: number;
  p99: number;
  max: number;
}
interface PhaseReport {
  posts: Samples;
  reads: Samples;
  longestHoldMs: number;
}
interface GroupRebuildReport {
  events: number;
  groups: string[];
  seconds: number;
  idle: PhaseReport;
  during: PhaseReport;
}

/** The groups named in `BENCH_REBUILD_GROUPS` (default: the boards). */
export function benchedGroups(named = process.env.BENCH_REBUILD_GROUPS ?? 'boards'): ReadModelGroupName[] {
  const groups = named.split(',').map((name) => name.trim());
  const unknown = groups.filter((name) => !(readModelGroupNames as readonly string[]).includes(name));
  if (unknown.length > 0 || groups.length === 0)
    throw new Error(`BENCH_REBUILD_GROUPS names groups of ${readModelGroupNames.join(', ')}`);
  return groups as ReadModelGroupName[];
}

/**
 * An admin's rebuild of some groups of read models beside the live board (`npm run bench --
 * rebuild-group`): on a board built from its log (`BENCH_BOARD_DIR` keeps one between runs), the
 * groups' rebuild from the request until it is over, beside the least it can cost (reading the events
 * and serialising and writing the groups' rows once each, measured); and
 * the live board before and during it: posts one at a time, the trucks list, the longest hold of the
 * main thread.
 */
export async function benchGroupRebuild(options: { trucks: number; groups: ReadModelGroupName[] }) {
  const { dir, done } = await keptBoard('group-rebuild', options.trucks);
  try {
    console.error(`  rebuilding ${options.groups.join(', ')} beside the live board…`);
    const report = await reportOfChildProcess<GroupRebuildReport>('group-rebuild-process.ts', [
      dir,
      options.groups.join(','),
    ]);
    const collections = readModelGroups
      .filter((group) => options.groups.includes(group.name))
      .flatMap(readModelsOfGroup);
    console.error(`  the least that rebuild can cost (${collections.length} read models)…`);
    const floor = await namedFloor(dir, report.events, collections);
    const floorSeconds = floor.named.seconds;
    // The read models serve once their indexes are built: after the rows, on the file's one writer.
    const indexedFloorSeconds = servingSeconds(floor.named);
    const label = options.groups.join(' and ');
    const phase = (samples: Samples) =>
      `${fmt(samples.p50, 1)} / ${fmt(samples.p99, 1)} / ${fmt(samples.max)}`;
    const rows: Row[] = [
      {
        benchmark: `rebuild of ${label} beside the live board (${fmt(report.events)} events), from the request until it is over`,
        figure: 'seconds',
        value: fmt(report.seconds, 1),
      },
      {
        benchmark: `its floor: reading the events and writing the ${fmt(floor.named.rows)} rows of ${label} once, one batch in flight`,
        figure: 'seconds',
        value: fmt(floorSeconds, 1),
      },
      {
        benchmark: `rebuild of ${label} against its floor`,
        figure: 'ratio (goal ≤ 1.25)',
        value: fmt(report.seconds / floorSeconds, 2),
      },
      {
        benchmark: `its floor with their indexes built once over them (${fmt(floor.named.indexes.seconds, 1)} s more, on the writer)`,
        figure: 'seconds',
        value: fmt(indexedFloorSeconds, 1),
      },
      {
        benchmark: `rebuild of ${label} against its floor with indexes`,
        figure: 'ratio',
        value: fmt(report.seconds / indexedFloorSeconds, 2),
      },
      {
        benchmark: `posts one at a time until the read models show each: idle (${report.idle.posts.count}) → during the rebuild (${report.during.posts.count})`,
        figure: 'p50 / p99 / longest ms',
        value: `${phase(report.idle.posts)} → ${phase(report.during.posts)}`,
      },
      {
        benchmark: 'post p99 during the rebuild against idle',
        figure: 'ratio (goal ≤ 2)',
        value: fmt(report.during.posts.p99 / report.idle.posts.p99, 2),
      },
      {
        benchmark: 'trucks list (first page, below HTTP): idle → during the rebuild',
        figure: 'p50 / p99 / longest ms',
        value: `${phase(report.idle.reads)} → ${phase(report.during.reads)}`,
      },
      {
        benchmark: 'trucks list p99 during the rebuild against idle',
        figure: 'ratio (goal ≤ 2)',
        value: fmt(report.during.reads.p99 / report.idle.reads.p99, 2),
      },
      {
        benchmark: 'longest hold of the main thread: idle → during the rebuild',
        figure: 'ms (goal ≤ 50)',
        value: `${fmt(report.idle.longestHoldMs)} → ${fmt(report.during.longestHoldMs)}`,
      },
    ];
    return rows;
  } finally {
    done();
  }
}
