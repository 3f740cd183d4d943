import { readModelDefinitions } from '@dispatch/read-models';
import { describe, expect, it } from 'vitest';
import { projections } from './projections/index.ts';
import { definitionsOf } from './runner/index.ts';

describe('the read models the projections write', () => {
  it('are exactly the read models the query side creates and reads, with the same fields and indexes', () => {
    const written = definitionsOf(projections);
    const byName = (definitions: readonly { name: string }[]) =>
      [...definitions].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName(written)).toEqual(byName(readModelDefinitions));
  });

  it('are each written by one projection only', () => {
    const names = definitionsOf(projections).map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
