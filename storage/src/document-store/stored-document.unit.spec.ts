import { describe, expect, it } from 'vitest';
import { fieldsOf, idOf, incremented } from './stored-document.ts';

describe('incremented', () => {
  const operation = {
    op: 'increment' as const,
    collection: 'stats',
    id: 's1',
    insert: { orgId: 'o1', loads: 99, position: '7' },
    by: { loads: 2, 'totals.km': 10 },
    position: 3n,
  };

  it('creates from the insert fields with counters starting at zero', () => {
    expect(incremented(null, operation)).toEqual({ id: 's1', orgId: 'o1', loads: 2, totals: { km: 10 } });
  });

  it('adds to existing counters, treating absent ones as zero, without touching the input', () => {
    const current = { id: 's1', orgId: 'o1', loads: 5, totals: { stops: 1 } };
    expect(incremented(current, operation)).toEqual({
      id: 's1',
      orgId: 'o1',
      loads: 7,
      totals: { stops: 1, km: 10 },
    });
    expect(current.loads).toBe(5);
  });

  it('counts in place on fields the caller owns', () => {
    const current = { id: 's1', orgId: 'o1', loads: 5, totals: { stops: 1 } };
    expect(incremented(current, operation, true)).toBe(current);
    expect(current).toEqual({ id: 's1', orgId: 'o1', loads: 7, totals: { stops: 1, km: 10 } });
  });
});

describe('stored fields', () => {
  it('leave the position out', () => {
    expect(fieldsOf({ id: 'a', name: 'x', position: '3' })).toEqual({ id: 'a', name: 'x' });
    const withoutPosition = { id: 'a', name: 'x' };
    expect(fieldsOf(withoutPosition)).toBe(withoutPosition);
  });

  it('need a string id', () => {
    expect(idOf({ id: 'a' })).toBe('a');
    expect(() => idOf({ id: 7 })).toThrow();
    expect(() => idOf({})).toThrow();
  });
});
