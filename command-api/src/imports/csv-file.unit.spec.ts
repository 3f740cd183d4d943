import { CSV_IMPORT_BODY_MAX_BYTES, csvMalformedLineMessage } from '@dispatch/domain';
import { InputError, MAX_BODY_BYTES } from '@dispatch/http';
import { describe, expect, it } from 'vitest';
import { readCsvFile } from './csv-file.ts';

const header =
  'trailerType,truckName,truckState,truckCity,availabilityDate,dispatcherName,dispatcherMobileNumber,dispatcherEmail';

describe('readCsvFile', () => {
  it('numbers each row by the line it starts on, past quoted line breaks and blank lines', () => {
    const text = `${header}\r\nFLATBED,"Two\r\nlines",IL\r\n\r\nFLATBED,Three\r\n,,,\r\nFLATBED,"a\nb\nc"\nFLATBED,Last`;
    const { rows } = readCsvFile('trucks', text);
    expect(rows.map((row) => [row.line, row.cells.truckName])).toEqual([
      [2, 'Two\r\nlines'],
      [5, 'Three'],
      [7, 'a\nb\nc'],
      [10, 'Last'],
    ]);
  });

  it('reports a line that is not CSV on its line and reads the rows around it', () => {
    const text = [
      header,
      'FLATBED,First',
      'FLATBED,Big "Blue" Rig,IL',
      'FLATBED,"Closed"then text',
      'FLATBED,"Two\r\nlines"',
      'FLATBED,"Never closed',
      'FLATBED,Last',
    ].join('\r\n');
    const { rows } = readCsvFile('trucks', text);
    expect(rows.map((row) => [row.line, row.cells.truckName ?? null, row.malformed])).toEqual([
      [2, 'First', null],
      [3, null, csvMalformedLineMessage('Invalid Opening Quote')],
      [4, null, csvMalformedLineMessage('Invalid Closing Quote')],
      [5, 'Two\r\nlines', null],
      [7, null, csvMalformedLineMessage('Quote Not Closed')],
      [8, 'Last', null],
    ]);
  });

  it('refuses a file whose header is not CSV', () => {
    expect(() => readCsvFile('trucks', `"${header}\nFLATBED,x`)).toThrow(InputError);
  });

  it('refuses the whole file on its csv field', () => {
    expect(() => readCsvFile('trucks', 'truckName\nx')).toThrow(InputError);
    try {
      readCsvFile('trucks', 'truckName\nx');
    } catch (error) {
      expect((error as InputError).errors.csv?.[0]).toMatch(
        /^The header misses the required columns trailerType, /,
      );
    }
  });

  it('knows the API body limit a file must fit in', () => {
    expect(CSV_IMPORT_BODY_MAX_BYTES).toBe(MAX_BODY_BYTES);
  });
});
