import {
  CSV_EMPTY_MESSAGE,
  CSV_IMPORT_ROWS_MAX,
  CSV_NO_ROWS_MESSAGE,
  type CsvHeader,
  type CsvImportKind,
  csvDuplicateColumnMessage,
  csvMalformedLineMessage,
  csvMissingColumnsMessage,
  csvRowCells,
  csvTooManyRowsMessage,
  readCsvHeader,
} from '@dispatch/domain';
import { InputError } from '@dispatch/http';
import { CsvError, type Options, parse } from 'csv-parse/sync';

/**
 * One row of a file: the line it starts on (the header is line 1) and its cells by field; a line
 * csv-parse cannot read has no cells and says why (csvMalformedLineMessage).
 */
export interface CsvFileRow {
  line: number;
  cells: Record<string, string>;
  malformed: string | null;
  /** The row's `id` cell (a posting's id, in an exported file), null without one. */
  fileId: string | null;
}

/** A refusal of the whole file, on its `csv` field: nothing is checked or written. */
const refuse = (message: string) => new InputError('body', { csv: [message] });

const LINE_BREAKS = /\r\n|\r|\n/g;

const parseOptions: Options = {
  bom: true,
  info: true,
  relax_column_count: true,
  skip_empty_lines: true,
  record_delimiter: ['\r\n', '\n', '\r'],
};

/** A record read, with the line it starts on, or a line that is not CSV with the reason. */
type FileRecord =
  | { line: number; record: string[]; malformed: null }
  | { line: number; record: []; malformed: string };

/** csv-parse's reason without its place ("Invalid Closing Quote: got … at line 1" → "Invalid Closing Quote"). */
const reasonOf = (error: CsvError) => error.message.split(':')[0] ?? error.message;

/**
 * Reads a CSV file (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes; a UTF-8 byte
 * order mark, CRLF, LF or CR line ends) with csv-parse. The header names the columns; a row with more
 * or fewer cells than the header is read as far as it goes (a missing cell is empty), and a row with
 * no text in any cell is skipped, as spreadsheets write them at the end. A line csv-parse cannot read
 * is a row of its own, reported on its line, and the rows after it are read (see recordsOneByOne). A
 * file whose header is not CSV, with no header, no rows, more than CSV_IMPORT_ROWS_MAX rows, or
 * lacking a required column is refused whole.
 */
export function readCsvFile(kind: CsvImportKind, text: string): { header: CsvHeader; rows: CsvFileRow[] } {
  // Counted before parsing, which costs far more per row: a file of too many rows is refused at once.
  const counted = filledRecordCount(text) - 1;
  if (counted > CSV_IMPORT_ROWS_MAX) throw refuse(csvTooManyRowsMessage(counted));
  const records = wholeFile(text) ?? recordsOneByOne(text);
  const [first, ...rest] = records;
  if (!first) throw refuse(CSV_EMPTY_MESSAGE);
  if (first.malformed !== null) throw refuse(`The file is not valid CSV: ${first.malformed}`);
  const header = readCsvHeader(kind, first.record);
  if (header.missing.length) throw refuse(csvMissingColumnsMessage(header.missing));
  if (header.duplicate) throw refuse(csvDuplicateColumnMessage(header.duplicate));
  const filled = rest.filter(
    ({ record, malformed }) => malformed !== null || record.some((cell) => cell.trim() !== ''),
  );
  if (filled.length === 0) throw refuse(CSV_NO_ROWS_MESSAGE);
  if (filled.length > CSV_IMPORT_ROWS_MAX) throw refuse(csvTooManyRowsMessage(filled.length));
  return {
    header,
    rows: filled.map(({ record, line, malformed }) =>
      malformed === null
        ? {
            line,
            cells: csvRowCells(header, record),
            malformed: null,
            fileId: header.idColumn === null ? null : (record[header.idColumn]?.trim() ?? null) || null,
          }
        : { line, cells: {}, malformed: csvMalformedLineMessage(malformed), fileId: null },
    ),
  };
}

/** The records of a file csv-parse reads whole, each with the line it starts on; null when it cannot. */
function wholeFile(text: string): FileRecord[] | null {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes as { record, info }: the typings do not say so.
    records = parse(text, parseOptions) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) return null;
    throw error;
  }
  const lines = startLines(records);
  return records.map(({ record }, index) => ({ record, line: lines[index] as number, malformed: null }));
}

/**
 * The records of a file csv-parse cannot read whole, one by one: the file is cut into records at
 * the line breaks outside quoted cells (a quote opens a cell only at its start, as csv-parse reads
 * it), and each is read alone, so a record csv-parse refuses is reported on its line and the others
 * are read. A quote never closed would take the rest of the file into its cell: its record is the
 * line it starts on, reported, and reading goes on from the next line.
 */
function recordsOneByOne(source: string): FileRecord[] {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const records: FileRecord[] = [];
  const read = (chunk: string, line: number) => {
    try {
      const [record] = parse(chunk, { ...parseOptions, info: false, bom: false }) as string[][];
      if (record) records.push({ line, record, malformed: null });
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      records.push({ line, record: [], malformed: reasonOf(error) });
    }
  };
  let start = 0;
  let line = 1;
  while (start < text.length) {
    let quoted = false;
    let cellStart = true;
    let breaks = 0;
    let end = -1;
    let next = text.length;
    for (let index = start; index < text.length; index++) {
      const code = text.charCodeAt(index);
      const lineBreak = code === LF || code === CR;
      const width = code === CR && text.charCodeAt(index + 1) === LF ? 2 : 1;
      if (quoted) {
        if (code === QUOTE) {
          if (text.charCodeAt(index + 1) === QUOTE) index++;
          else quoted = false;
        } else if (lineBreak) {
          breaks++;
          index += width - 1;
        }
      } else if (code === QUOTE && cellStart) {
        quoted = true;
        cellStart = false;
      } else if (code === COMMA) {
        cellStart = true;
      } else if (lineBreak) {
        end = index;
        next = index + width;
        break;
      } else {
        cellStart = false;
      }
    }
    if (quoted) {
      // Never closed: the record is its first line, and reading goes on after it.
      const firstBreak = text.slice(start).search(/\r\n|\r|\n/);
      const lineEnd = firstBreak === -1 ? text.length : start + firstBreak;
      records.push({ line, record: [], malformed: 'Quote Not Closed' });
      start = lineEnd + (text.startsWith('\r\n', lineEnd) ? 2 : 1);
      line += 1;
      continue;
    }
    read(text.slice(start, end === -1 ? text.length : end), line);
    line += breaks + 1;
    start = next;
  }
  return records;
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
