import { rmSync } from 'node:fs';
import { buildBoards, type LivePosts } from './board-build.ts';
import { tempDir } from './fixtures.ts';
import { benchRebuildFloor } from './rebuild-floor.ts';
import { fmt, type Row } from './stats.ts';

/**
 * Only the projector's rebuild of the board (`npm run bench -- rebuild`): the same two organizations
 * as the board at scale, written through the event store, then every read model built from
 * position 0, without the query figures; then the least a rebuild of those events could cost (the
 * rebuild floor).
 */
export async function benchBoardRebuild(options: { large?: number } = {}): Promise<Row[]> {
  const large = options.large ?? 1_000_000;
  const dir = tempDir('board');
  const boards = await buildBoards(
    dir,
    { small: { trucks: large / 10, loads: large / 10 }, large: { trucks: large, loads: large / 5 } },
    (line) => console.error(line),
  );
  try {
    const { build } = boards;
    const rows: Row[] = [];
    if (build.firstMillion) {
      rows.push({
        benchmark: 'projector rebuild, passing the first 1,000,000 events',
        figure: 'seconds',
        value: fmt(build.firstMillion.seconds, 1),
      });
    }
    if (build.atHeadSeconds !== null) {
      rows.push({
        benchmark: `projector rebuild, all ${fmt(build.events)} events applied, before the indexes`,
        figure: 'seconds',
        value: fmt(build.atHeadSeconds, 1),
      });
    }
    rows.push({
      benchmark: `projector rebuild, all ${fmt(build.events)} events, indexes included`,
      figure: 'seconds',
      value: fmt(build.seconds, 1),
    });
    rows.push({
      benchmark: 'projector rebuild, longest hold of the main thread (the live board waits that long)',
      figure: 'ms',
      value: fmt(build.longestStallMs),
    });
    const posts = (figures: LivePosts) =>
      `${fmt(figures.p50, 1)} / ${fmt(figures.p99, 1)} / ${fmt(figures.max)}`;
    rows.push({
      benchmark: `right after the rebuild, ${build.livePosts.count} posts one at a time, from append until the read models show each`,
      figure: 'p50 / p99 / longest ms',
      value: posts(build.livePosts),
    });
    rows.push({
      benchmark: "an admin's rebuild beside the live board (blue/green), from the request to the switch",
      figure: 'seconds',
      value: fmt(build.besideLive.seconds, 1),
    });
    rows.push({
      benchmark: 'during that rebuild, longest hold of the main thread (the live board waits that long)',
      figure: 'ms',
      value: fmt(build.besideLive.longestStallMs),
    });
    rows.push({
      benchmark: `during that rebuild, ${build.besideLive.posts.count} posts one at a time, from append until the live read models show each`,
      figure: 'p50 / p99 / longest ms',
      value: posts(build.besideLive.posts),
    });
    const firstEvents = Math.min(build.events, 1_000_000);
    const rebuildSeconds = build.firstMillion?.seconds ?? build.atHeadSeconds ?? undefined;
    rows.push(...(await benchRebuildFloor(dir, firstEvents, rebuildSeconds)));
    return rows;
  } finally {
    await boards.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
