import { describe, expect, it } from 'vitest';
import { loadCreateSchema } from '../loads/schemas.ts';
import { truckCreateSchema } from '../trucks/schemas.ts';
import { guardFormula, loadCsvColumns, truckCsvColumns, unescapeFormula } from './columns.ts';
import { truckExportQuerySchema } from './exports.ts';
import {
  canonicalRowText,
  checkCsvRow,
  csvImportFields,
  csvRequiredFields,
  csvRowCells,
  csvRowInput,
  readCsvHeader,
} from './import.ts';

describe('the CSV columns', () => {
  it('are the records fields: every field a post takes, and the record own (id, who, when)', () => {
    const own = ['id', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt'];
    expect(truckCsvColumns.filter((column) => !own.includes(column)).sort()).toEqual(
      Object.keys(truckCreateSchema.shape).sort(),
    );
    expect(loadCsvColumns.filter((column) => !own.includes(column)).sort()).toEqual(
      Object.keys(loadCreateSchema.shape).sort(),
    );
  });

  it('an import requires the fields the post form requires', () => {
    expect(csvRequiredFields('trucks')).toEqual([
      'trailerType',
      'truckName',
      'truckState',
      'truckCity',
      'availabilityDate',
      'dispatcherName',
      'dispatcherMobileNumber',
      'dispatcherEmail',
    ]);
    expect(csvRequiredFields('loads')).toContain('rateForCarrierUnit');
    expect(csvRequiredFields('loads')).not.toContain('rateForTitan');
    expect(csvImportFields('trucks')).toContain('notes');
  });
});

describe('readCsvHeader', () => {
  it('matches names in any case and spacing, ignores other columns, and names what is missing', () => {
    const header = readCsvHeader('trucks', [' ID ', 'TruckName', 'trailertype', 'whatever']);
    expect([...header.columns]).toEqual([
      ['truckName', 1],
      ['trailerType', 2],
    ]);
    expect(header.missing).toEqual([
      'truckState',
      'truckCity',
      'availabilityDate',
      'dispatcherName',
      'dispatcherMobileNumber',
      'dispatcherEmail',
    ]);
    expect(readCsvHeader('trucks', ['truckName', 'TRUCKNAME']).duplicate).toBe('truckName');
  });
});

describe('a row', () => {
  it('takes off the quote mark an export puts before a formula-like cell, and only that', () => {
    expect(unescapeFormula("'+1")).toBe('+1');
    expect(unescapeFormula(`'=SUM(A1)`)).toBe('=SUM(A1)');
    expect(unescapeFormula("'-5")).toBe('-5');
    expect(unescapeFormula("'quoted'")).toBe("'quoted'");
    expect(unescapeFormula('+1')).toBe('+1');
  });

  it('is exported with a quote mark before a formula, and a value that is only a signed number as it is', () => {
    expect(guardFormula('+1')).toBe('+1');
    expect(guardFormula('-12')).toBe('-12');
    expect(guardFormula('+3.25')).toBe('+3.25');
    expect(guardFormula('+1-800')).toBe("'+1-800");
    expect(guardFormula('-2+3+cmd')).toBe("'-2+3+cmd");
    expect(guardFormula('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(guardFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(guardFormula('\uFF0B1')).toBe("'\uFF0B1");
    expect(guardFormula('+1\n=cmd')).toBe("'+1\n=cmd");
    expect(guardFormula('Big Blue')).toBe('Big Blue');
    expect(unescapeFormula(guardFormula('=SUM(A1)'))).toBe('=SUM(A1)');
  });

  it('reads empty cells as left out, and the status as a boolean', () => {
    const header = readCsvHeader('trucks', ['truckName', 'status', 'notes', 'dispatcherCountryCode']);
    const cells = csvRowCells(header, ['  Big Blue ', 'FALSE', '', "'+1"]);
    expect(cells).toEqual({
      truckName: '  Big Blue ',
      status: 'FALSE',
      notes: '',
      dispatcherCountryCode: '+1',
    });
    expect(csvRowInput(cells)).toEqual({
      truckName: '  Big Blue ',
      status: false,
      dispatcherCountryCode: '+1',
    });
    expect(csvRowInput({ status: 'yes' })).toEqual({ status: 'yes' });
    // A row shorter than its header: the cells it lacks are empty.
    expect(csvRowCells(header, ['Short'])).toEqual({
      truckName: 'Short',
      status: '',
      notes: '',
      dispatcherCountryCode: '',
    });
  });

  it('is checked with the create schema: its values, or the spec messages', () => {
    const cells = {
      trailerType: 'FLATBED',
      truckName: 'Big Blue',
      truckState: 'IL',
      truckCity: 'Chicago',
      availabilityDate: '2026-11-21',
      dispatcherName: 'Dana',
      dispatcherMobileNumber: '+13125550100',
      dispatcherEmail: 'dana@example.com',
    };
    expect(checkCsvRow('trucks', cells)).toMatchObject({
      valid: true,
      values: {
        status: true,
        dispatcherCountryCode: '+1',
        dispatcherMobileNumber: '3125550100',
        notes: null,
      },
    });
    expect(checkCsvRow('trucks', { ...cells, truckName: '' }).errors).toEqual({
      truckName: ['Truck name is required'],
    });
  });

  it('names the values an enumeration takes for an unknown one, and keeps "… is required" for an empty cell', () => {
    const truck = {
      trailerType: 'VAN',
      truckName: 'Big Blue',
      truckState: 'IL',
      truckCity: 'Chicago',
      direction: 'UP',
      availabilityDate: '2026-11-21',
      dispatcherName: 'Dana',
      dispatcherMobileNumber: '+13125550100',
      dispatcherEmail: 'dana@example.com',
    };
    expect(checkCsvRow('trucks', truck).errors).toEqual({
      trailerType: ['Trailer type must be one of HIGH_SIDED_HOPPER, LOW_SIDED_HOPPER, FLATBED'],
      direction: [
        'Direction must be one of NORTH, NORTH_EAST, EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, WEST, NORTH_WEST',
      ],
    });
    expect(checkCsvRow('trucks', { ...truck, trailerType: ' ', direction: '' }).errors).toEqual({
      trailerType: ['Trailer type is required'],
    });
    const load = {
      trailerType: 'FLATBED',
      originState: 'IL',
      originCity: 'Chicago',
      destinationState: 'IA',
      destinationCity: 'Ames',
      product: 'GRAIN',
      rateForTitanUnit: 'PER_MILE',
      rateForCarrierUnit: '',
      availabilityDate: '2026-11-21',
      dispatcherName: 'Dana',
      dispatcherMobileNumber: '+13125550100',
      dispatcherEmail: 'dana@example.com',
    };
    expect(checkCsvRow('loads', load).errors).toEqual({
      product: ['Product must be one of HEAVY, LIGHT'],
      rateForTitanUnit: ['Our rate unit must be one of TONS, BUSHELS, FLAT_RATE'],
      rateForCarrierUnit: ['Carrier rate unit is required'],
    });
  });

  it('takes a state by code or name as its code, and refuses one that is not a US state or DC', () => {
    const cells = {
      trailerType: 'FLATBED',
      truckName: 'Big Blue',
      truckState: 'texas',
      truckCity: 'Enderlin',
      availabilityDate: '2026-11-21',
      dispatcherName: 'Dana',
      dispatcherMobileNumber: '+13125550100',
      dispatcherEmail: 'dana@example.com',
    };
    expect(checkCsvRow('trucks', cells)).toMatchObject({ valid: true, values: { truckState: 'TX' } });
    expect(checkCsvRow('trucks', { ...cells, truckState: 'XX' })).toEqual({
      valid: false,
      values: null,
      errors: { truckState: ['Truck state must be a US state or DC'] },
    });
    expect(checkCsvRow('trucks', { ...cells, truckState: 'XX', preferedState: 'Nowhere' }).errors).toEqual({
      truckState: ['Truck state must be a US state or DC'],
      preferedState: ['Preferred state must be a US state or DC'],
    });
  });

  it('has one canonical text whatever the order of its fields', () => {
    expect(canonicalRowText({ b: 1, a: 'x' })).toBe(canonicalRowText({ a: 'x', b: 1 }));
    expect(canonicalRowText({ a: 'x' })).not.toBe(canonicalRowText({ a: 'y' }));
  });
});

describe('the export parameters', () => {
  it('are the list parameters without the paging', () => {
    expect(truckExportQuerySchema.safeParse({ search: 'blue', asOf: '2026-03-01' }).success).toBe(true);
    expect(truckExportQuerySchema.safeParse({ limit: '10' }).success).toBe(false);
    expect(truckExportQuerySchema.safeParse({ page: '1' }).success).toBe(false);
  });
});
