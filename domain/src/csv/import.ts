import { z } from 'zod';
import { loadCreateSchema } from '../loads/schemas.ts';
import type { Decider } from '../shared/decider.ts';
import { illegalState } from '../shared/errors.ts';
import { fieldErrors } from '../shared/fields.ts';
import { truckCreateSchema } from '../trucks/schemas.ts';
import { unescapeFormula } from './columns.ts';

/**
 * Posting trucks or loads from a CSV file: the file's header names the record's fields (as an export
 * writes them), each row is checked with the same create schema as the post form, so its messages
 * are the spec's, and the valid rows are posted one by one through the normal command.
 */

export const csvImportKinds = ['trucks', 'loads'] as const;
export type CsvImportKind = (typeof csvImportKinds)[number];

/** The schema each row of a kind is checked with: the post form's. */
export const csvImportSchemas = { trucks: truckCreateSchema, loads: loadCreateSchema } as const;

/** The most rows one file may hold. */
export const CSV_IMPORT_ROWS_MAX = 10_000;
/**
 * The largest request the API takes (the HTTP boundary's MAX_BODY_BYTES): the file travels inside a
 * JSON body, so a file a little under this may already be too large once sent.
 */
export const CSV_IMPORT_BODY_MAX_BYTES = 1024 * 1024;

const MB = CSV_IMPORT_BODY_MAX_BYTES / 1024 / 1024;
export const CSV_TOO_LARGE_MESSAGE = `A file can be at most ${MB} MB: split it into smaller files`;
export const CSV_EMPTY_MESSAGE = 'The file is empty';
export const CSV_NO_ROWS_MESSAGE = 'The file has no rows below its header';
export const csvTooManyRowsMessage = (rows: number) =>
  `A file can hold at most ${CSV_IMPORT_ROWS_MAX.toLocaleString('en-US')} rows; this one has ${rows.toLocaleString('en-US')}. Split it into smaller files`;
export const csvMissingColumnsMessage = (columns: readonly string[]) =>
  `The header misses the required ${columns.length === 1 ? 'column' : 'columns'} ${columns.join(', ')}`;
export const csvDuplicateColumnMessage = (column: string) => `The header names the column ${column} twice`;
export const ALREADY_IMPORTED_MESSAGE = 'Already imported';
/** A row that is a posting of the organization already on the board (docs/decisions.md). */
export const ALREADY_ON_BOARD_MESSAGE = 'Already on the board';
/**
 * A line csv-parse cannot read (a quote mark inside an unquoted cell, text after a closing quote, a
 * quote never closed): reported on its line, under the row's `csv` field, while the other rows are read.
 */
export const csvMalformedLineMessage = (reason: string) =>
  `This line is not valid CSV (${reason}): put a cell holding a quote mark in quotes and double the mark ("")`;

/** POST /api/v1/{trucks|loads}/import[/preview]: the file's text. */
export const csvImportBodySchema = z
  .object({
    csv: z
      .string({ error: 'Choose a CSV file' })
      .min(1, CSV_EMPTY_MESSAGE)
      .max(CSV_IMPORT_BODY_MAX_BYTES, CSV_TOO_LARGE_MESSAGE),
  })
  .strict();
export type CsvImportBody = z.output<typeof csvImportBodySchema>;

/** The fields a kind's rows take, in the record's order: the columns an import reads. */
export const csvImportFields = (kind: CsvImportKind): string[] => Object.keys(csvImportSchemas[kind].shape);

/** The fields a row cannot leave out (those the create schema refuses when absent): the header must name them. */
export function csvRequiredFields(kind: CsvImportKind): string[] {
  const shape = csvImportSchemas[kind].shape as Record<string, z.ZodType>;
  return Object.keys(shape).filter((field) => !shape[field]?.safeParse(undefined).success);
}

/** How a header's columns map to fields: the column index of each field the kind takes (others ignored). */
export interface CsvHeader {
  columns: Map<string, number>;
  /** Required fields the header does not name. */
  missing: string[];
  /** A field named twice, if any. */
  duplicate: string | null;
  /** The column of the postings' `id` (an exported file has it), null when the header has none. */
  idColumn: number | null;
}

/** Reads a header line: names matched regardless of case and surrounding spaces; unknown columns ignored. */
export function readCsvHeader(kind: CsvImportKind, header: readonly string[]): CsvHeader {
  const fields = new Map(csvImportFields(kind).map((field) => [field.toLowerCase(), field]));
  const columns = new Map<string, number>();
  let duplicate: string | null = null;
  let idColumn: number | null = null;
  header.forEach((name, index) => {
    if (name.trim().toLowerCase() === 'id') idColumn ??= index;
    const field = fields.get(name.trim().toLowerCase());
    if (!field) return;
    if (columns.has(field)) duplicate ??= field;
    else columns.set(field, index);
  });
  const missing = csvRequiredFields(kind).filter((field) => !columns.has(field));
  return { columns, missing, duplicate, idColumn };
}

/**
 * A row's cells by field, as the file holds them (with an export's formula quote mark taken off;
 * see unescapeFormula). A cell the row does not have reads as empty.
 */
export function csvRowCells(header: CsvHeader, record: readonly string[]): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [field, index] of header.columns) cells[field] = unescapeFormula(record[index] ?? '');
  return cells;
}

/** "true" and "false" (any case) as the status booleans; anything else is left for the schema to refuse. */
function statusOf(cell: string): unknown {
  const text = cell.trim().toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : cell;
}

/**
 * A row's cells as the create schema's input: an empty cell is a value left out (the schema's default,
 * null for an optional field, "… is required" for a required one), the status reads true or false.
 */
export function csvRowInput(cells: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [field, cell] of Object.entries(cells)) {
    if (cell.trim() === '') continue;
    input[field] = field === 'status' ? statusOf(cell) : cell;
  }
  return input;
}

export type CsvRowCheck =
  | { valid: true; values: Record<string, unknown>; errors: Record<string, string[]> }
  | { valid: false; values: null; errors: Record<string, string[]> };

/** A row checked with its kind's create schema: the values to post, or the field messages. */
export function checkCsvRow(kind: CsvImportKind, cells: Record<string, string>): CsvRowCheck {
  const result = csvImportSchemas[kind].safeParse(csvRowInput(cells));
  if (result.success) return { valid: true, values: result.data as Record<string, unknown>, errors: {} };
  return { valid: false, values: null, errors: fieldErrors(result.error) };
}

/**
 * The text a row's identity is made of: its checked values (trimmed, defaults filled in, dates and
 * phone numbers normalized) with the keys in order, so the same posting typed with other spaces or a
 * default left out is the same row.
 */
export function canonicalRowText(values: Record<string, unknown>): string {
  return JSON.stringify(values, Object.keys(values).sort());
}

const fieldMessages = z.record(z.string(), z.array(z.string()));

/** POST /api/v1/{trucks|loads}/import/preview: every row, checked, nothing written. */
export const csvPreviewAnswerSchema = z.object({
  success: z.literal(true),
  rows: z.array(
    z.object({
      /** The line of the file the row starts on (the header is line 1). */
      line: z.number().int(),
      valid: z.boolean(),
      errors: fieldMessages,
      /** The row's cells by field, as the file holds them. */
      values: z.record(z.string(), z.string()),
      /**
       * The organization's posting on the board the row is (ALREADY_ON_BOARD_MESSAGE): the one its
       * `id` cell names, or one with the same values in every field the row takes; null when none.
       */
      onBoard: z.object({ id: z.number().int(), by: z.enum(['id', 'fields']) }).nullable(),
    }),
  ),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  /** How many rows are already on the board (see `onBoard`). */
  onBoardCount: z.number().int(),
});
export type CsvPreviewAnswer = z.output<typeof csvPreviewAnswerSchema>;
export type CsvPreviewRow = CsvPreviewAnswer['rows'][number];

/** POST /api/v1/{trucks|loads}/import: what became of each row. */
export const csvImportAnswerSchema = z.object({
  success: z.literal(true),
  /** Rows posted now, with the id of their new posting. */
  posted: z.array(z.object({ line: z.number().int(), id: z.number().int() })),
  /** Valid rows posted by an earlier import of the same row, with that posting's id. */
  skipped: z.array(z.object({ line: z.number().int(), id: z.number().int(), reason: z.string() })),
  /** Rows the create schema refuses: nothing posted for them. */
  invalid: z.array(z.object({ line: z.number().int(), errors: fieldMessages })),
});
export type CsvImportAnswer = z.output<typeof csvImportAnswerSchema>;

/**
 * The stream that reserves one row of an import for an organization (the first append with
 * `no_stream` wins): `import-{kind}-{orgId}-{key}`, the key a hash of the row's canonical text and
 * its occurrence among identical rows of the file. Its event names the posting the row became.
 */
export const csvImportKeyStream = (kind: CsvImportKind, orgId: string, key: string) =>
  `import-${kind}-${orgId}-${key}`;

/** The event of an import key's stream. */
export type CsvImportRowReserved = {
  type: 'CsvImportRowReserved';
  data: { kind: CsvImportKind; postingId: number; occurrence: number };
};
export const CSV_IMPORT_SCHEMA_VERSION = 1;

export type ReserveCsvImportRow = { type: 'ReserveCsvImportRow'; data: CsvImportRowReserved['data'] };

/** An import key's stream: the posting its row became, null while the row was never imported. */
export const csvImportKeyDecider: Decider<
  { postingId: number | null },
  ReserveCsvImportRow,
  CsvImportRowReserved
> = {
  initialState: () => ({ postingId: null }),
  evolve: (state, event) => (state.postingId === null ? { postingId: event.data.postingId } : state),
  decide: (command, state) => {
    if (state.postingId !== null) throw illegalState(ALREADY_IMPORTED_MESSAGE);
    return [{ type: 'CsvImportRowReserved', data: command.data }];
  },
};
