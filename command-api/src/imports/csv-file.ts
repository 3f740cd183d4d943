import {
  CSV_EMPTY_MESSAGE,
  CSV_IMPORT_ROWS_MAX,
  CSV_NO_ROWS_MESSAGE,
  type CsvHeader,
  type CsvImportKind,
  csvDuplicateColumnMessage,
  csvMissingColumnsMessage,
  csvRowCells,
  csvTooManyRowsMessage,
  readCsvHeader,
} from '@dispatch/domain';
import { InputError } from '@dispatch/http';
import { CsvError, parse } from 'csv-parse/sync';

/** One row of a file: the line it starts on (the header is line 1) and its cells by field. */
export interface CsvFileRow {
  line: number;
  cells: Record<string, string>;
}

/** A refusal of the whole file, on its `csv` field: nothing is checked or written. */
const refuse = (message: string) => new InputError('body', { csv: [message] });

const LINE_BREAKS = /\r\n|\r|\n/g;

/**
 * Reads a CSV file (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes; a UTF-8 byte
 * order mark, CRLF, LF or CR line ends) with csv-parse. The header names the columns; a row with more
 * or fewer cells than the header is read as far as it goes (a missing cell is empty), and a row with
 * no text in any cell is skipped, as spreadsheets write them at the end. A file that is not CSV, has
 * no header, no rows, more than CSV_IMPORT_ROWS_MAX rows, or lacks a required column is refused whole.
 */
export function readCsvFile(kind: CsvImportKind, text: string): { header: CsvHeader; rows: CsvFileRow[] } {
  // Counted before parsing, which costs far more per row: a file of too many rows is refused at once.
  const counted = filledRecordCount(text) - 1;
  if (counted > CSV_IMPORT_ROWS_MAX) throw refuse(csvTooManyRowsMessage(counted));
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes as { record, info }: the typings do not say so.
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw refuse(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  const lines = startLines(records);
  const [first, ...rest] = records.map((record, index) => ({ ...record, line: lines[index] as number }));
  if (!first) throw refuse(CSV_EMPTY_MESSAGE);
  const header = readCsvHeader(kind, first.record);
  if (header.missing.length) throw refuse(csvMissingColumnsMessage(header.missing));
  if (header.duplicate) throw refuse(csvDuplicateColumnMessage(header.duplicate));
  const filled = rest.filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  if (filled.length === 0) throw refuse(CSV_NO_ROWS_MESSAGE);
  if (filled.length > CSV_IMPORT_ROWS_MAX) throw refuse(csvTooManyRowsMessage(filled.length));
  return {
    header,
    rows: filled.map(({ record, line }) => ({ line, cells: csvRowCells(header, record) })),
  };
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * The records of a file with text in at least one cell (the header among them), in one pass over its
 * characters: a quote opens a cell only at its start and a doubled quote inside one is a quote, as
 * csv-parse reads them. A cell holding only quote marks is not counted as text, so the count is never
 * more than csv-parse's.
 */
export function filledRecordCount(text: string): number {
  let records = 0;
  let filled = false;
  let quoted = false;
  let cellStart = true;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (quoted) {
      if (code === QUOTE) {
        if (text.charCodeAt(index + 1) === QUOTE) index++;
        else quoted = false;
      } else if (!filled && !/\s/.test(text[index] as string)) filled = true;
      continue;
    }
    if (code === QUOTE && cellStart) {
      quoted = true;
      cellStart = false;
    } else if (code === COMMA) {
      cellStart = true;
    } else if (code === LF || code === CR) {
      if (filled) records++;
      filled = false;
      cellStart = true;
    } else {
      cellStart = false;
      if (!filled && code !== QUOTE && !/\s/.test(text[index] as string)) filled = true;
    }
  }
  return filled ? records + 1 : records;
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/**
 * The line each record starts on. csv-parse's `info.lines` is the line a record ends on, except that
 * it counts a CRLF inside a quoted cell as two lines, from there to the end of the file: that count
 * is taken off, then the line breaks inside the record's own cells.
 */
function startLines(records: { record: string[]; info: { lines: number } }[]): number[] {
  let overcounted = 0;
  return records.map(({ record, info }) => {
    overcounted += record.reduce((sum, cell) => sum + count(cell, /\r\n/g), 0);
    const breaks = record.reduce((sum, cell) => sum + count(cell, LINE_BREAKS), 0);
    return info.lines - overcounted - breaks;
  });
}
