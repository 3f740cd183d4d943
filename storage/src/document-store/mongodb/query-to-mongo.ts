import type { Filter, Sort } from 'mongodb';
import { idField } from '../collection-definition.ts';
import type { Predicate, QueryPlan } from '../query-plan.ts';
import type { StoredDocument } from './stored-document.ts';

export function pathOf(field: string): string {
  return field === idField ? '_id' : field;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `$eq: null`, `$ne` and `$in` already treat a missing field as null; the sqlite adapter does the same. */
function condition(predicate: Predicate): Record<string, unknown> {
  switch (predicate.op) {
    case 'eq':
      return { $eq: predicate.value };
    case 'ne':
      return { $ne: predicate.value };
    case 'in':
      return { $in: predicate.values };
    case 'range':
      return Object.fromEntries(predicate.bounds.map(([operator, bound]) => [`$${operator}`, bound]));
    case 'contains':
      return { $regex: escapeRegExp(predicate.needle), $options: 'i' };
  }
}

export function toMongoFilter(predicates: Predicate[]): Filter<StoredDocument> {
  return Object.fromEntries(predicates.map((predicate) => [pathOf(predicate.field), condition(predicate)]));
}

/** Ties are broken by `_id` ascending, so paging through a sorted result never skips or repeats a row. */
export function toMongoSort(plan: QueryPlan): Sort {
  const keys: [string, 1 | -1][] = plan.sort.map((key) => [
    pathOf(key.field),
    key.direction === 'desc' ? -1 : 1,
  ]);
  if (!plan.sort.some((key) => key.field === idField)) keys.push(['_id', 1]);
  return keys;
}
