import { createHash } from 'node:crypto';
import {
  ALREADY_IMPORTED_MESSAGE,
  ALREADY_ON_BOARD_MESSAGE,
  type CsvImportAnswer,
  type CsvImportKind,
  type CsvPreviewAnswer,
  canonicalRowText,
  checkCsvRow,
  csvImportKeyDecider,
  type LoadInput,
  type TruckInput,
} from '@dispatch/domain';
import {
  type DocumentStore,
  type EventStore,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@dispatch/storage';
import { csvImportKeys, loads, trucks } from '../aggregates.ts';
import { type CommandContext, handle, readStreamState } from '../command-handler.ts';
import { allocateId, loadIds, truckIds } from '../sequence-ids.ts';
import { readCsvFile } from './csv-file.ts';
import { rowsOnBoard } from './on-board.ts';

/**
 * Every row of a file checked with its kind's create schema, and the valid ones that are postings of
 * the organization already on its board marked (see rowsOnBoard); nothing is written.
 */
export async function previewCsv(
  documents: DocumentStore,
  kind: CsvImportKind,
  text: string,
  orgId: string,
): Promise<CsvPreviewAnswer> {
  const { rows } = readCsvFile(kind, text);
  const checked = rows.map(({ line, cells, malformed, fileId }) => {
    if (malformed !== null)
      return { line, valid: false, errors: { csv: [malformed] }, values: cells, fileId, checked: null };
    const check = checkCsvRow(kind, cells);
    return { line, valid: check.valid, errors: check.errors, values: cells, fileId, checked: check.values };
  });
  const onBoard = await rowsOnBoard(
    documents,
    kind,
    orgId,
    checked.map(({ line, fileId, checked: values }) => ({ line, fileId, values })),
  );
  const validCount = checked.filter((row) => row.valid).length;
  return {
    success: true,
    rows: checked.map(({ line, valid, errors, values }) => ({
      line,
      valid,
      errors,
      values,
      onBoard: onBoard.get(line) ?? null,
    })),
    validCount,
    invalidCount: rows.length - validCount,
    onBoardCount: onBoard.size,
  };
}

/** How a kind's postings are made: its id sequence, its stream, its post command. */
const postings = {
  trucks: {
    ids: truckIds,
    stream: trucks.stream,
    post: (store: EventStore, values: unknown, context: CommandContext, truckId: number) =>
      handle(
        store,
        trucks,
        truckId,
        { type: 'PostTruck', data: { truckId, orgId: context.orgId, input: values as TruckInput } },
        context,
        { create: true },
      ),
  },
  loads: {
    ids: loadIds,
    stream: loads.stream,
    post: (store: EventStore, values: unknown, context: CommandContext, loadId: number) =>
      handle(
        store,
        loads,
        loadId,
        { type: 'PostLoad', data: { loadId, orgId: context.orgId, input: values as LoadInput } },
        context,
        { create: true },
      ),
  },
} as const;

/** A valid row on its way to the board: its line, its values, and its import key. */
interface ValidRow {
  line: number;
  values: Record<string, unknown>;
  key: string;
  occurrence: number;
}

/**
 * The import keys of a file's valid rows: the SHA-256 of the row's canonical text (see
 * canonicalRowText) and its occurrence among the identical rows before it in the file, so that a
 * file holding the same truck twice posts it twice, and the same file imported again posts nothing.
 */
function keyed(rows: { line: number; values: Record<string, unknown> }[]): ValidRow[] {
  const seen = new Map<string, number>();
  return rows.map(({ line, values }) => {
    const content = createHash('sha256').update(canonicalRowText(values)).digest('hex');
    const occurrence = (seen.get(content) ?? 0) + 1;
    seen.set(content, occurrence);
    const key = createHash('sha256').update(`${content}:${occurrence}`).digest('hex').slice(0, 40);
    return { line, values, key, occurrence };
  });
}

/** The posting an import key's stream names, or null when the key was never reserved. */
async function reservedPosting(store: EventStore, stream: string): Promise<number | null> {
  return (await readStreamState(store, stream, csvImportKeyDecider)).state.postingId;
}

async function streamExists(store: EventStore, stream: string): Promise<boolean> {
  try {
    return (await store.readStream(stream)).length > 0;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return false;
    throw error;
  }
}

type RowOutcome =
  | { line: number; posted: true; id: number; position: bigint | null }
  | { line: number; posted: false; id: number };

/**
 * How many rows are on their way at once: enough for the embedded store to commit many appends
 * together (its group commit) and for EventStoreDB to overlap its round trips. (10,000 rows: 8 at
 * once take 16 s, 32 take 11 s, 128 take 6 s; more gain nothing.)
 */
const CONCURRENT_ROWS = 128;

/**
 * Posts one valid row, once per organization whatever the number of imports: its key is reserved
 * first (a stream appended with `no_stream`, naming the posting's id), then the posting is made
 * through its normal command under that id, with its own events and history. A row whose key is
 * taken was imported before: it is skipped with that posting's id. A reservation whose posting was
 * never made (the process stopped in between) is completed under its id: the posting's own stream
 * is appended with `no_stream` too, so it is made once.
 */
async function importRow(
  store: EventStore,
  kind: CsvImportKind,
  row: ValidRow,
  context: CommandContext,
): Promise<RowOutcome> {
  const posting = postings[kind];
  const key = { kind, orgId: context.orgId, key: row.key };
  const stream = csvImportKeys.stream(key);
  let id = await reservedPosting(store, stream);
  if (id === null) {
    const allocated = await allocateId(store, posting.ids, context);
    try {
      await handle(
        store,
        csvImportKeys,
        key,
        { type: 'ReserveCsvImportRow', data: { kind, postingId: allocated, occurrence: row.occurrence } },
        context,
        { create: true },
      );
      id = allocated;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      // Another import of the same row reserved it meanwhile.
      return { line: row.line, posted: false, id: (await reservedPosting(store, stream)) ?? allocated };
    }
  } else if (await streamExists(store, posting.stream(id))) {
    return { line: row.line, posted: false, id };
  }
  try {
    const result = await posting.post(store, row.values, context, id);
    return { line: row.line, posted: true, id, position: result.position };
  } catch (error) {
    // Posted meanwhile by another import completing the same reservation.
    if (error instanceof WrongExpectedRevisionError) return { line: row.line, posted: false, id };
    throw error;
  }
}

/**
 * Imports a file: every row is checked with its kind's create schema; the valid ones are posted one by
 * one (CONCURRENT_ROWS at a time) through the normal command, each under an import key that makes a
 * second import of the same row post nothing; the invalid ones are reported and post nothing, and
 * never hold back a valid one. Answers what became of each row, and the position of the last event.
 */
export async function importCsv(
  stores: { store: EventStore; documents: DocumentStore },
  kind: CsvImportKind,
  text: string,
  context: CommandContext,
): Promise<{ answer: CsvImportAnswer; position: bigint | null }> {
  const { store, documents } = stores;
  const { rows } = readCsvFile(kind, text);
  const invalid: CsvImportAnswer['invalid'] = [];
  const checked: { line: number; values: Record<string, unknown>; fileId: string | null }[] = [];
  for (const { line, cells, malformed, fileId } of rows) {
    if (malformed !== null) {
      invalid.push({ line, errors: { csv: [malformed] } });
      continue;
    }
    const check = checkCsvRow(kind, cells);
    if (check.valid) checked.push({ line, values: check.values, fileId });
    else invalid.push({ line, errors: check.errors });
  }
  // A row whose id names a posting of the organization on the board is that posting: not posted again
  // (docs/decisions.md). A row matching one by its values only is posted, as a file's twin rows are.
  const byId = await rowsOnBoard(
    documents,
    kind,
    context.orgId,
    checked.map(({ line, fileId }) => ({ line, fileId, values: null })),
  );
  const valid = checked.filter((row) => !byId.has(row.line));

  const queue = keyed(valid);
  const outcomes: RowOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const row = queue[next++] as ValidRow;
      outcomes.push(await importRow(store, kind, row, context));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_ROWS, queue.length) }, worker));

  outcomes.sort((a, b) => a.line - b.line);
  let position: bigint | null = null;
  const posted: CsvImportAnswer['posted'] = [];
  const skipped: CsvImportAnswer['skipped'] = [...byId].map(([line, { id }]) => ({
    line,
    id,
    reason: ALREADY_ON_BOARD_MESSAGE,
  }));
  for (const outcome of outcomes) {
    if (outcome.posted) {
      posted.push({ line: outcome.line, id: outcome.id });
      if (outcome.position !== null && (position === null || outcome.position > position))
        position = outcome.position;
    } else {
      skipped.push({ line: outcome.line, id: outcome.id, reason: ALREADY_IMPORTED_MESSAGE });
    }
  }
  skipped.sort((a, b) => a.line - b.line);
  return { answer: { success: true, posted, skipped, invalid }, position };
}
