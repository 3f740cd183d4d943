import type { SQLInputValue } from 'node:sqlite';
import { idField } from '../collection-definition.ts';
import type { Scalar } from '../port.ts';
import type { Predicate, QueryPlan } from '../query-plan.ts';
import { columnOf } from './collection-schema.ts';

export interface Sql {
  sql: string;
  params: SQLInputValue[];
}

const comparison = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** Generated columns hold JSON booleans as 1/0. */
function parameter(value: Scalar): SQLInputValue {
  return typeof value === 'boolean' ? Number(value) : value;
}

/**
 * One predicate as SQL, on the column `column` names for its field (the row's own by default).
 * `ne` and `in` treat a missing field as null, the way MongoDB does, so both
 * adapters return the same rows: `IS NOT` keeps rows where the field is null, `IN` gets an explicit
 * `IS NULL` when the list holds null.
 */
export function condition(
  predicate: Predicate,
  params: SQLInputValue[],
  column: string = columnOf(predicate.field),
): string {
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
    case 'contains':
      // instr, not LIKE: the needle is matched literally, `%` and `_` included, with nothing to escape.
      // A collection with a text index answers its needles of three characters or more otherwise
      // (see text-search.ts), with the same test.
      params.push(predicate.needle);
      return `instr(lower(${column}), lower(?)) > 0`;
  }
}

export function whereClause(predicates: Predicate[]): Sql {
  const params: SQLInputValue[] = [];
  const conditions = predicates.map((predicate) => condition(predicate, params));
  return { sql: conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '', params };
}

/** Ties are broken by id ascending, so paging through a sorted result never skips or repeats a row. */
export function sortKeys(plan: Pick<QueryPlan, 'sort'>): { field: string; direction: 'ASC' | 'DESC' }[] {
  const keys = plan.sort.map((key) => ({
    field: key.field,
    direction: key.direction === 'desc' ? ('DESC' as const) : ('ASC' as const),
  }));
  if (!plan.sort.some((key) => key.field === idField)) keys.push({ field: idField, direction: 'ASC' });
  return keys;
}

function orderBy(plan: QueryPlan): string {
  return ` ORDER BY ${sortKeys(plan)
    .map((key) => `${columnOf(key.field)} ${key.direction}`)
    .join(', ')}`;
}

export function selectSql(table: string, plan: QueryPlan): Sql {
  const where = whereClause(plan.predicates);
  return {
    sql: `SELECT doc, CAST(position AS TEXT) AS position FROM ${table}${where.sql}${orderBy(plan)} LIMIT ? OFFSET ?`,
    params: [...where.params, plan.limit ?? -1, plan.skip],
  };
}

/** How many rows of a point there are: a near query's first step. */
export interface PointCount {
  latitude: number;
  longitude: number;
  count: number;
}

const filterAnd = (predicates: Predicate[]) => {
  const where = whereClause(predicates);
  return { sql: where.sql ? `${where.sql.replace(/^ WHERE /, '')} AND ` : '', params: where.params };
};

/**
 * The distinct latitudes of a point field between two bounds among the rows that pass the filter,
 * one index seek each (a loose index scan): postings share the points of their cities, so they are few.
 */
export function distinctLatitudesSql(table: string, field: string, predicates: Predicate[]): Sql {
  const latitude = columnOf(`${field}.latitude`);
  const filter = filterAnd(predicates);
  // Numbered parameters: the filter's come first (?1…), then the bounds, then the last latitude seen.
  const numbered = filter.sql.replace(
    /\?/g,
    (() => {
      let n = 0;
      return () => `?${++n}`;
    })(),
  );
  const low = `?${filter.params.length + 1}`;
  const high = `?${filter.params.length + 2}`;
  const next = (after: string) =>
    `SELECT ${latitude} FROM ${table} WHERE ${numbered}${latitude} ${after} AND ${latitude} <= ${high} ORDER BY ${latitude} LIMIT 1`;
  return {
    sql: `WITH RECURSIVE seen(latitude) AS (SELECT (${next(`>= ${low}`)}) UNION ALL SELECT (${next('> seen.latitude')}) FROM seen WHERE seen.latitude IS NOT NULL) SELECT latitude FROM seen WHERE latitude IS NOT NULL`,
    params: filter.params,
  };
}

/** The rows per point at one latitude, within longitude ranges, that pass the filter. */
export function pointCountsAtLatitudeSql(
  table: string,
  field: string,
  spans: number,
  predicates: Predicate[],
): Sql {
  const latitude = columnOf(`${field}.latitude`);
  const longitude = columnOf(`${field}.longitude`);
  const filter = filterAnd(predicates);
  const ranges = Array.from({ length: spans }, () => `${longitude} BETWEEN ? AND ?`).join(' OR ');
  return {
    sql: `SELECT ${latitude} AS latitude, ${longitude} AS longitude, COUNT(*) AS count FROM ${table} WHERE ${filter.sql}${latitude} = ? AND (${ranges}) GROUP BY ${longitude}`,
    params: filter.params,
  };
}

/** How many rows of a point there are with each second point (a lane's other end). */
export interface PointPairCount extends PointCount {
  alsoLatitude: number;
  alsoLongitude: number;
}

/**
 * As pointCountsAtLatitudeSql, per pair of the point and a second point field whose latitude lies
 * between two bounds (the last two parameters): the exact distance of the second point is measured
 * by the caller.
 */
export function pointPairCountsAtLatitudeSql(
  table: string,
  field: string,
  also: string,
  spans: number,
  predicates: Predicate[],
): Sql {
  const latitude = columnOf(`${field}.latitude`);
  const longitude = columnOf(`${field}.longitude`);
  const alsoLatitude = columnOf(`${also}.latitude`);
  const alsoLongitude = columnOf(`${also}.longitude`);
  const filter = filterAnd(predicates);
  const ranges = Array.from({ length: spans }, () => `${longitude} BETWEEN ? AND ?`).join(' OR ');
  return {
    sql: `SELECT ${latitude} AS latitude, ${longitude} AS longitude, ${alsoLatitude} AS alsoLatitude, ${alsoLongitude} AS alsoLongitude, COUNT(*) AS count FROM ${table} WHERE ${filter.sql}${latitude} = ? AND (${ranges}) AND ${alsoLatitude} BETWEEN ? AND ? GROUP BY ${longitude}, ${alsoLatitude}, ${alsoLongitude}`,
    params: filter.params,
  };
}

/**
 * A slice of the rows at the given points (all at one distance), by `thenBy` then id; with `also`,
 * only the rows whose second point is one of `also.points`.
 */
export function pointRowsSql(
  table: string,
  field: string,
  points: { latitude: number; longitude: number }[],
  predicates: Predicate[],
  limit: number,
  offset: number,
  also?: { field: string; points: { latitude: number; longitude: number }[] },
  thenBy: { field: string; direction: 'asc' | 'desc' }[] = [],
): Sql {
  const filter = filterAnd(predicates);
  const params = [...filter.params];
  const pointsAt = (name: string, list: { latitude: number; longitude: number }[]) => {
    const latitude = columnOf(`${name}.latitude`);
    const longitude = columnOf(`${name}.longitude`);
    return list.map((point) => {
      params.push(point.latitude, point.longitude);
      return `(${latitude} = ? AND ${longitude} = ?)`;
    });
  };
  const at = pointsAt(field, points);
  const alsoAt = also ? ` AND (${pointsAt(also.field, also.points).join(' OR ')})` : '';
  const order = sortKeys({ sort: thenBy })
    .map((key) => `${columnOf(key.field)} ${key.direction}`)
    .join(', ');
  return {
    sql: `SELECT doc, CAST(position AS TEXT) AS position FROM ${table} WHERE ${filter.sql}(${at.join(' OR ')})${alsoAt} ORDER BY ${order} LIMIT ? OFFSET ?`,
    params: [...params, limit, offset],
  };
}

export function countSql(table: string, predicates: Predicate[], limit?: number): Sql {
  const where = whereClause(predicates);
  return limitedCount(`FROM ${table}${where.sql}`, where.params, limit);
}

/** `count(*)` of the rows a `FROM … WHERE …` gives, stopping at `limit` of them when there is one. */
export function limitedCount(from: string, params: SQLInputValue[], limit?: number): Sql {
  if (limit === undefined) return { sql: `SELECT count(*) AS count ${from}`, params };
  return { sql: `SELECT count(*) AS count FROM (SELECT 1 ${from} LIMIT ?)`, params: [...params, limit] };
}
