import { describe, expect, it } from 'vitest';
import type { CollectionDefinition } from '../port.ts';
import { planFilter, planQuery } from '../query-plan.ts';
import { countSql, selectSql } from './query-to-sql.ts';

const trucks: CollectionDefinition = {
  name: 'trucks',
  fields: { name: 'text', capacityKg: 'number', active: 'boolean', 'location.city': 'text' },
};

describe('query to SQL', () => {
  it('binds every value as a parameter', () => {
    const hostile = "x' OR 1=1; DROP TABLE events; --";
    const { sql, params } = selectSql(
      '"docs_trucks"',
      planQuery(trucks, { filter: { name: { eq: hostile }, 'location.city': { contains: hostile } } }),
    );
    expect(sql).not.toContain(hostile);
    expect(sql).toBe(
      'SELECT doc, CAST(position AS TEXT) AS position FROM "docs_trucks" WHERE "f:name" = ? AND instr(lower("f:location.city"), lower(?)) > 0 ORDER BY id ASC LIMIT ? OFFSET ?',
    );
    expect(params).toEqual([hostile, hostile, -1, 0]);
  });

  it('keeps nulls for ne and in, and binds booleans as 1/0', () => {
    const { sql, params } = countSql(
      '"docs_trucks"',
      planFilter(trucks, {
        name: { ne: 'Atlas' },
        'location.city': { in: ['Lyon', null] },
        active: { eq: false },
        capacityKg: { gt: 1, lte: 9 },
      }),
    );
    expect(sql).toBe(
      'SELECT count(*) AS count FROM "docs_trucks" WHERE "f:name" IS NOT ? AND ("f:location.city" IN (?) OR "f:location.city" IS NULL) AND "f:active" = ? AND "f:capacityKg" > ? AND "f:capacityKg" <= ?',
    );
    expect(params).toEqual(['Atlas', 'Lyon', 0, 1, 9]);
  });

  it('counts up to a limit in a subquery that stops there', () => {
    const { sql, params } = countSql('"docs_trucks"', planFilter(trucks, { active: { eq: true } }), 1001);
    expect(sql).toBe(
      'SELECT count(*) AS count FROM (SELECT 1 FROM "docs_trucks" WHERE "f:active" = ? LIMIT ?)',
    );
    expect(params).toEqual([1, 1001]);
  });

  it('sorts with the id tie-break unless id is a sort key', () => {
    const sorted = selectSql(
      '"docs_trucks"',
      planQuery(trucks, { sort: [{ field: 'capacityKg', direction: 'desc' }], skip: 20, limit: 10 }),
    );
    expect(sorted.sql).toContain('ORDER BY "f:capacityKg" DESC, id ASC LIMIT ? OFFSET ?');
    expect(sorted.params).toEqual([10, 20]);
    const byId = selectSql(
      '"docs_trucks"',
      planQuery(trucks, { sort: [{ field: 'id', direction: 'desc' }] }),
    );
    expect(byId.sql).toContain('ORDER BY id DESC LIMIT');
  });
});
