import { describe, expect, it } from 'vitest';
import {
  activeEnvelopeFilterCount,
  defaultEnvelopesSearch,
  envelopesApiSearch,
  sortOf,
  sortValueOf,
  validateEnvelopesSearch,
  withEnvelopeFilters,
  withoutEnvelopeFilters,
} from './envelopes-search';

describe('the envelopes tables URL search params', () => {
  it('defaults to the first page (pages count from 1), 10 rows, recently updated first', () => {
    expect(defaultEnvelopesSearch).toMatchObject({ page: 1, limit: 10, orderBy: 'updatedAt', sort: 'desc' });
    expect(defaultEnvelopesSearch.status).toBeUndefined();
  });

  it('reads the router values and drops what the API would refuse', () => {
    const search = validateEnvelopesSearch({
      page: 3,
      limit: 500,
      orderBy: 'lastSentAt',
      sort: 'asc',
      status: ['sent', 'nonsense'],
      search: 'Jane',
      type: 'client',
    });
    expect(search).toMatchObject({ page: 3, limit: 10, orderBy: 'lastSentAt', sort: 'asc', search: 'Jane' });
    expect(search.status).toBeUndefined();
    expect('type' in search).toBe(false);
    expect(validateEnvelopesSearch({ page: 0 }).page).toBe(1);
    expect(validateEnvelopesSearch({ status: 'delivered' }).status).toEqual(['delivered']);
    expect(validateEnvelopesSearch({ status: ['sent', 'resent'] }).status).toEqual(['sent', 'resent']);
  });

  it('offers "Longest waiting first" as lastSentAt ascending', () => {
    expect(sortOf('lastSentAt:asc')).toEqual({ orderBy: 'lastSentAt', sort: 'asc' });
    expect(sortValueOf({ orderBy: 'lastSentAt', sort: 'asc' })).toBe('lastSentAt:asc');
    expect(sortOf('bogus')).toEqual({ orderBy: 'updatedAt', sort: 'desc' });
  });

  it('changes filters back on page 1, leaving cleared ones out', () => {
    const search = { ...defaultEnvelopesSearch, page: 4, search: 'Jane' };
    const next = withEnvelopeFilters(search, { status: ['completed'], search: undefined });
    expect(next.page).toBe(1);
    expect(next.status).toEqual(['completed']);
    expect('search' in next).toBe(false);
    expect(activeEnvelopeFilterCount(next)).toBe(1);
    expect(
      activeEnvelopeFilterCount({ ...next, startDate: '2026-01-01T00:00:00.000Z', dateField: 'updatedAt' }),
    ).toBe(2);
    const cleared = withoutEnvelopeFilters({ ...next, limit: 50, createdBy: 'u1' });
    expect(cleared).toEqual({ ...defaultEnvelopesSearch, limit: 50 });
  });

  it('sends several statuses comma-joined, with the type of the table', () => {
    expect(
      envelopesApiSearch(
        { ...defaultEnvelopesSearch, status: ['sent', 'resent'], search: undefined },
        'driver',
      ),
    ).toEqual({
      page: 1,
      limit: 10,
      orderBy: 'updatedAt',
      sort: 'desc',
      status: 'sent,resent',
      type: 'driver',
    });
  });
});
