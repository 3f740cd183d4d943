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
});
