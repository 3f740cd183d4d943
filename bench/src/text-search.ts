import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projections } from '@dispatch/projector';
import { type DocumentStore, openSqliteDocumentStore } from '@dispatch/storage';
import { buildBoards } from './board-build.ts';
import type { GeneratedBoard } from './board-data.ts';
import { benchListQueries } from './board-queries.ts';
import { tempDir } from './fixtures.ts';
import type { Row } from './stats.ts';

interface KeptBoards {
  small: GeneratedBoard;
  large: GeneratedBoard;
}

/**
 * Only the trucks list's text searches on the board at scale (`npm run bench -- text-search`): every
 * kind of term, page and exact total, on both organizations. The board is built as the board at scale
 * builds it (about 10 minutes at 1M trucks on the 2-core machine), or read from BENCH_BOARD_DIR when an
 * earlier run kept it there (a folder without a board gets the one this run builds). A kept board's
 * read models are ensured again first, as the projector does when it starts: a text index of an
 * earlier shape is built anew then.
 */
export async function benchTextSearch(
  options: { large?: number; rounds?: number; dir?: string } = {},
): Promise<Row[]> {
  const large = options.large ?? 1_000_000;
  const rounds = options.rounds ?? 20;
  const log = (line: string) => console.error(line);
  const kept = options.dir && existsSync(join(options.dir, 'boards.json')) ? options.dir : null;
  let documents: DocumentStore;
  let boards: KeptBoards;
  let close: () => Promise<void>;
  if (kept) {
    documents = openSqliteDocumentStore({ path: join(kept, 'read-models.sqlite') });
    const start = performance.now();
    for (const projection of projections)
      for (const definition of projection.collections) await documents.ensureCollection(definition);
    log(`  ensured the kept board's read models in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    boards = JSON.parse(readFileSync(join(kept, 'boards.json'), 'utf8'), (key, value) =>
      key === 'head' ? BigInt(value) : value,
    ) as KeptBoards;
    close = () => documents.close();
  } else {
    const dir = options.dir ?? tempDir('text-search');
    mkdirSync(dir, { recursive: true });
    const built = await buildBoards(
      dir,
      { small: { trucks: large / 10, loads: large / 10 }, large: { trucks: large, loads: large / 5 } },
      log,
    );
    documents = built.documents;
    boards = { small: built.small, large: built.large };
    if (options.dir)
      writeFileSync(
        join(dir, 'boards.json'),
        JSON.stringify(boards, (_, value) => (typeof value === 'bigint' ? String(value) : value)),
      );
    close = async () => {
      await built.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    };
  }
  try {
    const rows: Row[] = [];
    for (const board of [boards.small, boards.large]) {
      const label = `${board.trucks.toLocaleString('en-US')} trucks`;
      log(`  text searches on the board of ${label}`);
      rows.push(...(await benchListQueries(documents, board, label, rounds, { textOnly: true })));
    }
    return rows;
  } finally {
    await close();
  }
}
