import { join } from 'node:path';
import { projections, startProjector } from '@dispatch/projector';
import {
  type DocumentStore,
  type EventStore,
  openSqliteDocumentStore,
  openSqliteEventStore,
} from '@dispatch/storage';
import { type GeneratedBoard, generateBoard } from './board-data.ts';

export interface BuiltBoards {
  dir: string;
  events: EventStore;
  documents: DocumentStore;
  small: GeneratedBoard;
  large: GeneratedBoard;
  generateSeconds: number;
  /** The projector building every read model from the whole log, from position 0. */
  build: { events: number; seconds: number; firstMillion: { events: number; seconds: number } | null };
  close(): Promise<void>;
}

export interface BoardSizes {
  small: { trucks: number; loads: number };
  large: { trucks: number; loads: number };
}

/**
 * Two organizations written through the event store (nothing is written to the read models
 * directly), then every read model built from the log by the projector, as a rebuild does.
 * Returns the open stores so the query benchmarks read what the projector built.
 */
export async function buildBoards(
  dir: string,
  sizes: BoardSizes,
  log: (line: string) => void,
): Promise<BuiltBoards> {
  const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
  let start = performance.now();
  const small = await generateBoard(events, { ...sizes.small, firstId: 1 });
  log(`  generated ${small.trucks.toLocaleString()} trucks and ${small.loads.toLocaleString()} loads`);
  const large = await generateBoard(events, { ...sizes.large, firstId: 10_000_000 });
  log(`  generated ${large.trucks.toLocaleString()} trucks and ${large.loads.toLocaleString()} loads`);
  const generateSeconds = (performance.now() - start) / 1000;

  const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
  const head = await events.headPosition();
  start = performance.now();
  // As the product runs it: the default batch size.
  const projector = await startProjector({ eventStore: events, documents, projections });
  let firstMillion: { events: number; seconds: number } | null = null;
  if (head >= 1_000_000n) {
    await projector.waitFor(1_000_000n, 3_600_000);
    firstMillion = { events: 1_000_000, seconds: (performance.now() - start) / 1000 };
    log(`  projected the first 1,000,000 events in ${firstMillion.seconds.toFixed(1)} s`);
  }
  if (!(await projector.waitFor(head, 3_600_000))) throw new Error('the projector did not catch up');
  const seconds = (performance.now() - start) / 1000;
  await projector.close();
  return {
    dir,
    events,
    documents,
    small,
    large,
    generateSeconds,
    build: { events: Number(head), seconds, firstMillion },
    async close() {
      await documents.close();
      await events.close();
    },
  };
}
