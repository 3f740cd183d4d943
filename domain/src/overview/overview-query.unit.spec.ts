import { describe, expect, it } from 'vitest';
import { overviewQuerySchema } from './overview-query.ts';

describe('overview parameters', () => {
  it('defaults to trucks and keeps the date filters', () => {
    expect(
      overviewQuerySchema.parse({
        year: '2026',
        startDate: '2026-03-01',
        dateOperation: 'gte',
        dateField: 'updatedAt',
        createdBy: 'user-1',
      }),
    ).toEqual({
      year: 2026,
      type: 'trucks',
      startDate: '2026-03-01T00:00:00.000Z',
      dateOperation: 'gte',
      dateField: 'updatedAt',
      createdBy: 'user-1',
    });
  });

  it('refuses unknown types, years and parameters', () => {
    const result = overviewQuerySchema.safeParse({ type: 'envelopes', year: 'soon', page: '1' });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path.join('.') || issue.code);
    expect(fields).toEqual(expect.arrayContaining(['type', 'year', 'unrecognized_keys']));
  });

  it('reads the year as decimal digits from 2000 to 2100', () => {
    expect(overviewQuerySchema.parse({ year: '2100' }).year).toBe(2100);
    const yearErrors = (year: string) => {
      const result = overviewQuerySchema.safeParse({ year });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(yearErrors('1999')).toEqual(['Year must be at least 2000']);
    expect(yearErrors('2101')).toEqual(['Year cannot be more than 2100']);
    expect(yearErrors('0x7E9')).toEqual(['Year must be a whole number']);
    expect(yearErrors('2.026e3')).toEqual(['Year must be a whole number']);
  });

  it('takes real ISO 8601 dates from 1970 to 2200 only', () => {
    for (const value of ['+275760-09-13', '2026-02-29', '1969-12-31', '2201-01-01', '1']) {
      for (const field of ['startDate', 'endDate']) {
        const result = overviewQuerySchema.safeParse({ [field]: value, dateOperation: 'eq' });
        expect(result.success ? [] : result.error.issues.map((issue) => issue.message), value).toEqual([
          'Must be a real date between 1970 and 2200',
        ]);
      }
    }
    expect(overviewQuerySchema.parse({ startDate: '2028-02-29' }).startDate).toBe('2028-02-29T00:00:00.000Z');
  });

  it('caps createdBy at 100 characters', () => {
    expect(overviewQuerySchema.safeParse({ createdBy: 'x'.repeat(101) }).success).toBe(false);
  });
});
