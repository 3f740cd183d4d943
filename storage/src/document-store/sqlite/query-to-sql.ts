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

const filterAnd = (predicates: Predicate[]) => {
  const where = whereClause(predicates);
  return { sql: where.sql ? `${where.sql.replace(/^ WHERE /, '')} AND ` : '', params: where.params };
};

/**
 * The filter with numbered parameters (?1…), so that a statement may name them twice, and a namer of
 * the parameters that follow them.
 */
function numberedFilter(predicates: Predicate[]) {
  const filter = filterAnd(predicates);
  let n = 0;
  const sql = filter.sql.replace(/\?/g, () => `?${++n}`);
  return { sql, params: filter.params, parameter: (index: number) => `?${filter.params.length + index}` };
}

/**
 * The distinct latitudes of a point field between two bounds among the rows that pass the filter,
 * one index seek each (a loose index scan): postings share the points of their cities, so they are few.
 */
export function distinctLatitudesSql(table: string, field: string, predicates: Predicate[]): Sql {
  const latitude = columnOf(`${field}.latitude`);
  const filter = numberedFilter(predicates);
  // The filter's parameters come first, then the bounds.
  const low = filter.parameter(1);
  const high = filter.parameter(2);
  const next = (after: string) =>
    `SELECT ${latitude} FROM ${table} WHERE ${filter.sql}${latitude} ${after} AND ${latitude} <= ${high} ORDER BY ${latitude} LIMIT 1`;
  return {
    sql: `WITH RECURSIVE seen(latitude) AS (SELECT (${next(`>= ${low}`)}) UNION ALL SELECT (${next('> seen.latitude')}) FROM seen WHERE seen.latitude IS NOT NULL) SELECT latitude FROM seen WHERE latitude IS NOT NULL`,
    params: filter.params,
  };
}

/**
 * The distinct longitudes of a point field at one latitude, between two bounds, among the rows that
 * pass the filter: a loose index scan as distinctLatitudesSql. Parameters after the filter's: the
 * latitude, then the bounds.
 */
export function distinctLongitudesSql(table: string, field: string, predicates: Predicate[]): Sql {
  const latitude = columnOf(`${field}.latitude`);
  const longitude = columnOf(`${field}.longitude`);
  const filter = numberedFilter(predicates);
  const at = filter.parameter(1);
  const low = filter.parameter(2);
  const high = filter.parameter(3);
  const next = (after: string) =>
    `SELECT ${longitude} FROM ${table} WHERE ${filter.sql}${latitude} = ${at} AND ${longitude} ${after} AND ${longitude} <= ${high} ORDER BY ${longitude} LIMIT 1`;
  return {
    sql: `WITH RECURSIVE seen(longitude) AS (SELECT (${next(`>= ${low}`)}) UNION ALL SELECT (${next('> seen.longitude')}) FROM seen WHERE seen.longitude IS NOT NULL) SELECT longitude FROM seen WHERE longitude IS NOT NULL`,
    params: filter.params,
  };
}

/**
 * The distinct second points (a lane's other end) of the rows at one point whose second point's
 * latitude lies between two bounds, among the rows that pass the filter: a loose index scan of an
 * index holding both points, two seeks a second point. Parameters after the filter's: the point's
 * latitude and longitude, then the bounds of the second latitude.
 */
export function distinctSecondPointsSql(
  table: string,
  field: string,
  also: string,
  predicates: Predicate[],
): Sql {
  const latitude = columnOf(`${field}.latitude`);
  const longitude = columnOf(`${field}.longitude`);
  const alsoLatitude = columnOf(`${also}.latitude`);
  const alsoLongitude = columnOf(`${also}.longitude`);
  const filter = numberedFilter(predicates);
  const [atLatitude, atLongitude, low, high] = [1, 2, 3, 4].map(filter.parameter);
  const next = (column: string, after: string) =>
    `SELECT ${column} FROM ${table} WHERE ${filter.sql}${latitude} = ${atLatitude} AND ${longitude} = ${atLongitude} AND ${after} AND ${alsoLatitude} <= ${high} ORDER BY ${alsoLatitude}, ${alsoLongitude} LIMIT 1`;
  const first = `${alsoLatitude} >= ${low}`;
  const after = `(${alsoLatitude}, ${alsoLongitude}) > (seen.latitude, seen.longitude)`;
  return {
    sql: `WITH RECURSIVE seen(latitude, longitude) AS (SELECT (${next(alsoLatitude, first)}), (${next(alsoLongitude, first)}) UNION ALL SELECT (${next(alsoLatitude, after)}), (${next(alsoLongitude, after)}) FROM seen WHERE seen.latitude IS NOT NULL) SELECT latitude, longitude FROM seen WHERE latitude IS NOT NULL`,
    params: filter.params,
  };
}

/** A point of a near query's bucket, with the second points of its rows that count (a lane's). */
export interface NearPointAt {
  latitude: number;
  longitude: number;
  /** The rows of the point whose second point is one of these; every row of the point without. */
  also?: { latitude: number; longitude: number }[];
}

/**
 * Past this many pairs of points, a bucket's rows are those at any of its points whose second point
 * is any of its second points (one test each), not one index seek per pair.
 */
const MAX_PAIR_SEEKS = 200;

/** The rows at a bucket's points (and, in a lane, their second points), as one condition. */
function nearRowsCondition(
  field: string,
  also: string | undefined,
  points: NearPointAt[],
  params: SQLInputValue[],
): string {
  const at = (name: string, point: { latitude: number; longitude: number }) => {
    params.push(point.latitude, point.longitude);
    return `${columnOf(`${name}.latitude`)} = ? AND ${columnOf(`${name}.longitude`)} = ?`;
  };
  // One index loop over a list of values (rather than an OR of terms, which SQLite answers by reading
  // every row it finds): the rows' order and count then come from the index entries alone.
  // One point (or pair) is an equality, whose rows the index holds in the order asked.
  const pointColumns = [columnOf(`${field}.latitude`), columnOf(`${field}.longitude`)];
  const [single] = points;
  if (!also && points.length === 1 && single) return at(field, single);
  if (also && points.length === 1 && single?.also?.length === 1 && single.also[0])
    return `${at(field, single)} AND ${at(also, single.also[0])}`;
  if (!also) {
    for (const point of points) params.push(point.latitude, point.longitude);
    return `(${pointColumns.join(', ')}) IN (VALUES ${points.map(() => '(?, ?)').join(', ')})`;
  }
  const pairs = points.flatMap((point) => (point.also ?? []).map((second) => [point, second] as const));
  if (pairs.length <= MAX_PAIR_SEEKS) {
    for (const [point, second] of pairs)
      params.push(point.latitude, point.longitude, second.latitude, second.longitude);
    const columns = [...pointColumns, columnOf(`${also}.latitude`), columnOf(`${also}.longitude`)];
    return `(${columns.join(', ')}) IN (VALUES ${pairs.map(() => '(?, ?, ?, ?)').join(', ')})`;
  }
  const seconds = new Map<string, { latitude: number; longitude: number }>();
  for (const second of points.flatMap((point) => point.also ?? []))
    seconds.set(`${second.latitude},${second.longitude}`, second);
  const first = points.map((point) => `(${at(field, point)})`).join(' OR ');
  const second = [...seconds.values()].map((point) => `(${at(also, point)})`).join(' OR ');
  return `(${first}) AND (${second})`;
}

/** How many rows of a bucket's points pass the filter, counting up to `limit` of them when given. */
export function nearCountSql(
  table: string,
  field: string,
  also: string | undefined,
  points: NearPointAt[],
  predicates: Predicate[],
  limit?: number,
): Sql {
  const filter = filterAnd(predicates);
  const params = [...filter.params];
  const condition = nearRowsCondition(field, also, points, params);
  return limitedCount(`FROM ${table} WHERE ${filter.sql}${condition}`, params, limit);
}

/** A slice of the rows of a bucket's points (all at one distance), by `thenBy` then id. */
export function nearRowsSql(
  table: string,
  field: string,
  also: string | undefined,
  points: NearPointAt[],
  predicates: Predicate[],
  limit: number,
  offset: number,
  thenBy: { field: string; direction: 'asc' | 'desc' }[] = [],
): Sql {
  const filter = filterAnd(predicates);
  const params = [...filter.params];
  const condition = nearRowsCondition(field, also, points, params);
  const keys = sortKeys({ sort: thenBy });
  // The page is ordered from the index's entries, and only its rows are read (their documents).
  const inner = keys.map((key, index) => `${columnOf(key.field)} AS k${index}`).join(', ');
  const order = (prefix: string) =>
    keys.map((key, index) => `${prefix}${prefix ? `k${index}` : columnOf(key.field)} ${key.direction}`);
  return {
    sql: `SELECT t.doc, CAST(t.position AS TEXT) AS position FROM (SELECT rowid AS r, ${inner} FROM ${table} WHERE ${filter.sql}${condition} ORDER BY ${order('').join(', ')} LIMIT ? OFFSET ?) AS page JOIN ${table} AS t ON t.rowid = page.r ORDER BY ${order('page.').join(', ')}`,
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
