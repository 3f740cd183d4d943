import { keptBoard, reportOfChildProcess } from './board-build.ts';
import { namedFloor, servingSeconds } from './rebuild-floor.ts';
import { fmt, type Row } from './stats.ts';

interface UpgradeStartReport {
  events: number;
  boardsSeconds: number;
  /** CPU time of the projector's thread until the boards serve (null if they were not seen before all). */
  boardsCpuSeconds: number | null;
  /** The boards' rows at the log's head, before their indexes (null if not seen). */
  caughtUpSeconds: number | null;
  allSeconds: number;
  boardModels: string[];
}

/**
 * A start whose code has a new version of a read model of every group (`npm run bench --
 * rebuild-upgrade`), on a board built from its log (`BENCH_BOARD_DIR` keeps one between runs; the run
 * builds its read models again in it): the boards back in service, and every read model back, against
 * the floor of the boards' rows (reading the events and writing the rows once, one batch in flight, then
 * their indexes).
 */
export async function benchUpgradeStart(options: { trucks: number }): Promise<Row[]> {
  const { dir, done } = await keptBoard('upgrade-start', options.trucks);
  try {
    console.error('  a start with a new version of every group…');
    const report = await reportOfChildProcess<UpgradeStartReport>('upgrade-start-process.ts', [dir]);
    console.error(`  the least the boards' rows can cost (${report.boardModels.length} read models)…`);
    const floor = await namedFloor(dir, report.events, report.boardModels);
    const floorSeconds = servingSeconds(floor.named);
    return [
      {
        benchmark: `a start with a new version of every group (${fmt(report.events)} events): the boards serve again`,
        figure: 'seconds',
        value: fmt(report.boardsSeconds, 1),
      },
      {
        benchmark: "of which the boards' rows caught up with the log (then their indexes)",
        figure: 'seconds',
        value: report.caughtUpSeconds === null ? '(not seen)' : fmt(report.caughtUpSeconds, 1),
      },
      {
        benchmark: "the projector's thread busy until then (its catch-up's work)",
        figure: 'CPU seconds',
        value: report.boardsCpuSeconds === null ? '(not seen)' : fmt(report.boardsCpuSeconds, 2),
      },
      {
        benchmark: 'every read model serves again',
        figure: 'seconds',
        value: fmt(report.allSeconds, 1),
      },
      {
        benchmark: `the boards' floor: reading the events and writing their ${fmt(floor.named.rows)} rows once, one batch in flight, then their indexes`,
        figure: 'seconds',
        value: fmt(floorSeconds, 1),
      },
      {
        benchmark: 'the boards back against their floor',
        figure: 'ratio (goal ≤ 1.25)',
        value: fmt(report.boardsSeconds / floorSeconds, 2),
      },
    ];
  } finally {
    done();
  }
}
