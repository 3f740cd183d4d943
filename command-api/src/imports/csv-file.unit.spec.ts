import { CSV_IMPORT_BODY_MAX_BYTES } from '@dispatch/domain';
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
