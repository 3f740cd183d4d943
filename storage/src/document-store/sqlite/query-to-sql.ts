import type { SQLInputValue } from 'node:sqlite';
import { idField } from '../collection-definition.ts';
import type { Box } from '../geo.ts';
import type { Scalar } from '../port.ts';
import type { Predicate, QueryPlan } from '../query-plan.ts';
import { columnOf } from './collection-schema.ts';

export interface Sql {
  sql: string;
  params: SQLInputValue[];
}

const comparison = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** The FTS5 table and column that index a text field, when there is one. */
export type TextIndexLookup = (field: string) => { index: string; column: string } | null;

/** Generated columns hold JSON booleans as 1/0. */
function parameter(value: Scalar): SQLInputValue {
  return typeof value === 'boolean' ? Number(value) : value;
}

/**
 * One predicate as SQL. `ne` and `in` treat a missing field as null, the way MongoDB does, so both
 * adapters return the same rows: `IS NOT` keeps rows where the field is null, `IN` gets an explicit
 * `IS NULL` when the list holds null.
 */
function condition(predicate: Predicate, params: SQLInputValue[], textIndex?: TextIndexLookup): string {
  const column = columnOf(predicate.field);
  switch (predicate.op) {
    case 'eq':
      if (predicate.value === null) return `${column} IS NULL`;
      params.push(parameter(predicate.value));
      return `${column} = ?`;
    case 'ne':
      if (predicate.value === null) return `${column} IS NOT NULL`;
      params.push(parameter(predicate.value));
      return `${column} IS NOT ?`;
    case 'in': {
      const values = predicate.values.filter((value) => value !== null);
      const orNull = values.length < predicate.values.length;
      params.push(...values.map(parameter));
      const list = `${column} IN (${values.map(() => '?').join(', ')})`;
      if (!orNull) return list;
      return values.length === 0 ? `${column} IS NULL` : `(${list} OR ${column} IS NULL)`;
    }
    case 'range':
      return predicate.bounds
        .map(([operator, bound]) => {
          params.push(bound);
          return `${column} ${comparison[operator]} ?`;
        })
        .join(' AND ');
    case 'contains': {
      // instr, not LIKE: the needle is matched literally, `%` and `_` included, with nothing to escape.
      params.push(predicate.needle);
      const scan = `instr(lower(${column}), lower(?)) > 0`;
      // A trigram index finds the rows holding every three-character run of the needle, in order
      // (a phrase of trigrams): all the matches and a few more, which the scan's test then drops.
      const indexed = [...predicate.needle].length >= 3 ? textIndex?.(predicate.field) : null;
      if (!indexed) return scan;
      params.push(`${indexed.column} : "${predicate.needle.replaceAll('"', '""')}"`);
      // Parameters go in the order they appear: the scan's needle, then the index's phrase.
      return `(${scan} AND rowid IN (SELECT rowid FROM ${indexed.index} WHERE ${indexed.index} MATCH ?))`;
    }
  }
}

export function whereClause(predicates: Predicate[], textIndex?: TextIndexLookup): Sql {
  const params: SQLInputValue[] = [];
  const conditions = predicates.map((predicate) => condition(predicate, params, textIndex));
  return { sql: conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '', params };
}

/** Ties are broken by id ascending, so paging through a sorted result never skips or repeats a row. */
function orderBy(plan: QueryPlan): string {
  const keys = plan.sort.map((key) => `${columnOf(key.field)} ${key.direction === 'desc' ? 'DESC' : 'ASC'}`);
  if (!plan.sort.some((key) => key.field === idField)) keys.push('id ASC');
  return ` ORDER BY ${keys.join(', ')}`;
}

export function selectSql(table: string, plan: QueryPlan, textIndex?: TextIndexLookup): Sql {
  const where = whereClause(plan.predicates, textIndex);
  return {
    sql: `SELECT doc, CAST(position AS TEXT) AS position FROM ${table}${where.sql}${orderBy(plan)} LIMIT ? OFFSET ?`,
    params: [...where.params, plan.limit ?? -1, plan.skip],
  };
}

/**
 * The candidates of a near query: the id and point of every row in `boxes` that passes the filter,
 * found through the point field's R*Tree (the outer loop, by CROSS JOIN), the filter checked on
 * each row met. The caller measures the exact distances.
 */
export function nearCandidatesSql(
  table: string,
  geoIndex: string,
  field: string,
  boxes: Box[],
  predicates: Predicate[],
): Sql {
  const params: SQLInputValue[] = [];
  const inBoxes = boxes
    .map((box) => {
      params.push(box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude);
      return '(g.maxLat >= ? AND g.minLat <= ? AND g.maxLon >= ? AND g.minLon <= ?)';
    })
    .join(' OR ');
  const where = whereClause(predicates);
  const filter = where.sql ? ` AND ${where.sql.replace(/^ WHERE /, '')}` : '';
  return {
    sql: `SELECT t.id AS id, t.${columnOf(`${field}.latitude`)} AS latitude, t.${columnOf(`${field}.longitude`)} AS longitude FROM ${geoIndex} AS g CROSS JOIN ${table} AS t ON t.rowid = g.rid WHERE (${inBoxes})${filter}`,
    params: [...params, ...where.params],
  };
}

/** Every row's id and point that passes the filter: a near query before the R*Tree is built. */
export function selectPointsSql(table: string, field: string, predicates: Predicate[]): Sql {
  const where = whereClause(predicates);
  return {
    sql: `SELECT id, ${columnOf(`${field}.latitude`)} AS latitude, ${columnOf(`${field}.longitude`)} AS longitude FROM ${table}${where.sql}`,
    params: where.params,
  };
}

export function countSql(table: string, predicates: Predicate[], textIndex?: TextIndexLookup): Sql {
  const where = whereClause(predicates, textIndex);
  return { sql: `SELECT COUNT(*) AS count FROM ${table}${where.sql}`, params: where.params };
}
