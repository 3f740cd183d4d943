import { rmSync } from 'node:fs';
import { buildBoards } from './board-build.ts';
import { benchListQueries, benchOverviewQueries, benchRadiusQueries } from './board-queries.ts';
import { tempDir } from './fixtures.ts';
import { fmt, type Row } from './stats.ts';

/**
 * The board at scale, on the embedded store: an organization with 100k trucks and 100k loads and
 * one with 1M trucks and 200k loads, written through the event store; the projector building every
 * read model from position 0 (the time to pass the first 1M events is the rebuild figure); then the
 * trucks list and the overview queried on both boards. The build lives in a temporary folder for
 * the run only.
 */
export async function benchBoardScale(options: { large?: number; rounds?: number } = {}): Promise<Row[]> {
  const large = options.large ?? 1_000_000;
  const rounds = options.rounds ?? 40;
  const dir = tempDir('board');
  const log = (line: string) => console.error(line);
  const boards = await buildBoards(
    dir,
    {
      small: { trucks: large / 10, loads: large / 10 },
      large: { trucks: large, loads: large / 5 },
    },
    log,
  );
  try {
    const { build } = boards;
    const rows: Row[] = [
      {
        benchmark: `board data: ${fmt(build.events)} events appended (2 organizations)`,
        figure: 'seconds',
        value: fmt(boards.generateSeconds, 1),
      },
    ];
    if (build.firstMillion) {
      rows.push({
        benchmark: 'projector rebuild of every read model, passing the first 1,000,000 events',
        figure: 'seconds',
        value: fmt(build.firstMillion.seconds, 1),
      });
    }
    rows.push({
      benchmark: `projector rebuild, all ${fmt(build.events)} events`,
      figure: 'events/s',
      value: fmt(build.events / build.seconds),
    });
    for (const board of [boards.small, boards.large]) {
      const label = `${fmt(board.trucks)} trucks`;
      log(`  querying the board of ${label}`);
      rows.push(...(await benchListQueries(boards.documents, board, label, rounds)));
      rows.push(...(await benchOverviewQueries(boards.documents, board, label, rounds)));
      rows.push(...(await benchRadiusQueries(boards.documents, board, label, rounds)));
    }
    return rows;
  } finally {
    await boards.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
