/**
 * The SQL the SQLite document store runs for a typed query: for specs that check a read model's
 * query is answered from one of its indexes (EXPLAIN QUERY PLAN).
 */
export { planQuery } from '../query-plan.ts';
export { tableOf } from './collection-schema.ts';
export { nearRowsSql, selectSql } from './query-to-sql.ts';
