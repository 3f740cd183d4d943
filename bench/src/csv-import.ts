import {
  CSV_IMPORT_BODY_MAX_BYTES,
  EVENT_POSITION_HEADER,
  MIN_POSITION_HEADER,
  truckCsvColumns,
} from '@dispatch/domain';
import { truckBody } from './fixtures.ts';
import { type BenchServer, startBenchServer } from './http-server.ts';
import { fmt, type Row } from './stats.ts';

/** The goal: 10,000 truck rows posted through the import in at most this many seconds. */
const GOAL_SECONDS = 10;

const cell = (value: unknown) => {
  const text = value === undefined || value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** `rows` trucks as the board's export writes them (its columns, one line each), in files that each fit a request. */
function truckFiles(rows: number): string[] {
  const header = truckCsvColumns.join(',');
  const files: string[] = [];
  let lines: string[] = [];
  let size = 0;
  // The file goes as the text of a JSON body: keep each well under the API's body limit.
  const budget = CSV_IMPORT_BODY_MAX_BYTES * 0.9;
  for (let n = 0; n < rows; n++) {
    const truck: Record<string, unknown> = {
      ...truckBody(n),
      unitNumber: `U-${n}`,
      status: n % 3 !== 0,
      notes: n % 10 === 0 ? `Call ahead, dock ${n % 7}` : '',
    };
    const line = truckCsvColumns.map((column) => cell(truck[column])).join(',');
    if (size + line.length + 2 > budget && lines.length) {
      files.push(`${header}\r\n${lines.join('\r\n')}\r\n`);
      lines = [];
      size = 0;
    }
    lines.push(line);
    size += line.length + 2;
  }
  if (lines.length) files.push(`${header}\r\n${lines.join('\r\n')}\r\n`);
  return files;
}

async function importFiles(server: BenchServer, files: string[]) {
  let posted = 0;
  let skipped = 0;
  let position = '0';
  for (const csv of files) {
    const response = await fetch(`${server.url}/api/v1/trucks/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.url },
      body: JSON.stringify({ csv }),
    });
    if (response.status !== 200)
      throw new Error(`import failed: ${response.status} ${await response.text()}`);
    const answer = (await response.json()) as { posted: unknown[]; skipped: unknown[]; invalid: unknown[] };
    if (answer.invalid.length) throw new Error(`${answer.invalid.length} rows refused`);
    posted += answer.posted.length;
    skipped += answer.skipped.length;
    position = response.headers.get(EVENT_POSITION_HEADER) ?? position;
  }
  return { posted, skipped, position };
}

/**
 * `npm run bench -- csv-import`: `rows` truck rows (default 10,000) imported through the real route
 * (POST /api/v1/trucks/import, over HTTP, into the embedded store), in as many files as the 1 MB body
 * limit needs; the same files imported again (every row already imported); then the board's CSV
 * export of those rows, once the projector has them.
 */
export async function benchCsvImport({ rows = 10_000 } = {}): Promise<Row[]> {
  const server = await startBenchServer();
  try {
    const files = truckFiles(rows);
    const label = `CSV import of ${fmt(rows)} trucks (${files.length} files under 1 MB, HTTP)`;

    let started = performance.now();
    const first = await importFiles(server, files);
    const importSeconds = (performance.now() - started) / 1000;
    if (first.posted !== rows) throw new Error(`posted ${first.posted} of ${rows}`);

    started = performance.now();
    const again = await importFiles(server, files);
    const againSeconds = (performance.now() - started) / 1000;
    if (again.skipped !== rows || again.posted !== 0) throw new Error('the second import posted rows');

    // The export reads the read models: wait for the projector to have every posting.
    started = performance.now();
    const caught = await fetch(`${server.url}/api/v1/trucks?limit=1`, {
      headers: { cookie: server.cookie, [MIN_POSITION_HEADER]: first.position },
    });
    const total = ((await caught.json()) as { totalCount: number }).totalCount;
    const catchUpSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    const exported = await fetch(`${server.url}/api/v1/trucks/export.csv`, {
      headers: { cookie: server.cookie },
    });
    const text = await exported.text();
    const exportSeconds = (performance.now() - started) / 1000;
    const exportedRows = text.split('\r\n').filter(Boolean).length - 1;
    if (exportedRows !== rows) throw new Error(`exported ${exportedRows} rows of ${rows} (board: ${total})`);

    return [
      {
        benchmark: label,
        figure: `import total s (goal ≤ ${GOAL_SECONDS})`,
        value: `${fmt(importSeconds, 2)} ${importSeconds <= GOAL_SECONDS ? '✓' : '✗'}`,
      },
      { benchmark: label, figure: 'rows/s', value: fmt(rows / importSeconds) },
      {
        benchmark: label,
        figure: 'same files again (all already imported) s',
        value: fmt(againSeconds, 2),
      },
      { benchmark: label, figure: 'projector caught up after the import s', value: fmt(catchUpSeconds, 2) },
      {
        benchmark: label,
        figure: `export of the ${fmt(rows)} rows s (${fmt(text.length / 1024 / 1024, 1)} MB)`,
        value: fmt(exportSeconds, 2),
      },
    ];
  } finally {
    await server.stop();
  }
}
