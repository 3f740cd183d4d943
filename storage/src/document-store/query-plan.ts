import { fieldType } from './collection-definition.ts';
import type {
  CollectionDefinition,
  CountOptions,
  FieldType,
  Filter,
  Query,
  Scalar,
  SortKey,
} from './port.ts';

export type RangeOperator = 'gt' | 'gte' | 'lt' | 'lte';

/** A filter condition after validation, in the one shape both adapters translate. */
export type Predicate =
  | { field: string; type: FieldType; op: 'eq' | 'ne'; value: Scalar }
  | { field: string; type: FieldType; op: 'in'; values: Scalar[] }
  | { field: string; type: FieldType; op: 'range'; bounds: [RangeOperator, string | number][] }
  | { field: string; type: FieldType; op: 'contains'; needle: string };

export interface QueryPlan {
  predicates: Predicate[];
  /** Sort keys without the id tie-break; adapters append it unless id is already a key. */
  sort: SortKey[];
  skip: number;
  limit: number | undefined;
}

const rangeOperators: readonly RangeOperator[] = ['gt', 'gte', 'lt', 'lte'];

function describe(field: string, condition: unknown): string {
  return `${field}: ${JSON.stringify(condition)}`;
}

function assertScalar(field: string, type: FieldType, value: unknown): asserts value is Scalar {
  const ok =
    value === null ||
    (type === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
    (type === 'boolean' && typeof value === 'boolean') ||
    ((type === 'text' || type === 'date') && typeof value === 'string');
  if (!ok) throw new Error(`Value ${JSON.stringify(value)} does not fit ${type} field ${field}`);
}

function assertBound(field: string, type: FieldType, value: unknown): asserts value is string | number {
  const ok =
    (type === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
    ((type === 'text' || type === 'date') && typeof value === 'string');
  if (!ok) throw new Error(`Range bound ${JSON.stringify(value)} does not fit ${type} field ${field}`);
}

function toPredicate(field: string, type: FieldType, condition: unknown): Predicate {
  if (typeof condition !== 'object' || condition === null)
    throw new Error(`Invalid condition ${describe(field, condition)}`);
  const entries = Object.entries(condition);
  const [first] = entries;
  if (!first) throw new Error(`Empty condition for ${field}`);
  const [operator, value] = first;
  if (entries.length === 1 && (operator === 'eq' || operator === 'ne')) {
    assertScalar(field, type, value);
    return { field, type, op: operator, value };
  }
  if (entries.length === 1 && operator === 'in') {
    if (!Array.isArray(value)) throw new Error(`Invalid condition ${describe(field, condition)}`);
    for (const item of value) assertScalar(field, type, item);
    return { field, type, op: 'in', values: value };
  }
  if (entries.length === 1 && operator === 'contains') {
    if (type !== 'text' || typeof value !== 'string') {
      throw new Error(`contains needs a text field and a string: ${describe(field, condition)}`);
    }
    return { field, type, op: 'contains', needle: value };
  }
  const bounds: [RangeOperator, string | number][] = [];
  for (const [key, bound] of entries) {
    const rangeOperator = rangeOperators.find((candidate) => candidate === key);
    if (!rangeOperator || bound === undefined)
      throw new Error(`Invalid condition ${describe(field, condition)}`);
    if (type === 'boolean') throw new Error(`Boolean field ${field} has no ranges`);
    assertBound(field, type, bound);
    bounds.push([rangeOperator, bound]);
  }
  return { field, type, op: 'range', bounds };
}

export function planFilter(definition: CollectionDefinition, filter: Filter | undefined): Predicate[] {
  return Object.entries(filter ?? {}).map(([field, condition]) =>
    toPredicate(field, fieldType(definition, field), condition),
  );
}

function assertCount(name: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
    throw new Error(`${name} must be a non-negative integer, got ${value}`);
  }
}

/** A count's limit, validated: a positive integer, or undefined for no limit. */
export function countLimitOf(options: CountOptions | undefined): number | undefined {
  const limit = options?.limit;
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1)) {
    throw new Error(`A count's limit must be a positive integer, got ${limit}`);
  }
  return limit;
}

/** Validates a query against the declared fields; nothing undeclared reaches a backend. */
export function planQuery(definition: CollectionDefinition, query: Query): QueryPlan {
  for (const key of query.sort ?? []) {
    fieldType(definition, key.field);
    if (key.direction !== 'asc' && key.direction !== 'desc') {
      throw new Error(`Invalid sort direction ${JSON.stringify(key.direction)} for ${key.field}`);
    }
  }
  assertCount('skip', query.skip);
  assertCount('limit', query.limit);
  return {
    predicates: planFilter(definition, query.filter),
    sort: query.sort ?? [],
    skip: query.skip ?? 0,
    limit: query.limit,
  };
}
