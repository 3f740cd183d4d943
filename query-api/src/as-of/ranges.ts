import type { ListHistory } from '@dispatch/read-models';
import type { Condition, Filter } from '@dispatch/storage';

export type Range = { gt?: string; gte?: string; lt?: string; lte?: string };
type Bound = { value: string; strict: boolean };

const lowerOf = (range: Range): Bound | null =>
  range.gt !== undefined
    ? { value: range.gt, strict: true }
    : range.gte !== undefined
      ? { value: range.gte, strict: false }
      : null;
const upperOf = (range: Range): Bound | null =>
  range.lt !== undefined
    ? { value: range.lt, strict: true }
    : range.lte !== undefined
      ? { value: range.lte, strict: false }
      : null;

/** Both ranges at once: the later lower bound and the earlier upper bound. */
export function intersect(a: Range, b: Range): Range {
  const lowers = [lowerOf(a), lowerOf(b)].filter((bound): bound is Bound => bound !== null);
  const uppers = [upperOf(a), upperOf(b)].filter((bound): bound is Bound => bound !== null);
  const lower = lowers.sort((x, y) =>
    x.value === y.value ? Number(y.strict) - Number(x.strict) : x.value < y.value ? 1 : -1,
  )[0];
  const upper = uppers.sort((x, y) =>
    x.value === y.value ? Number(y.strict) - Number(x.strict) : x.value < y.value ? -1 : 1,
  )[0];
  const out: Range = {};
  if (lower) out[lower.strict ? 'gt' : 'gte'] = lower.value;
  if (upper) out[upper.strict ? 'lt' : 'lte'] = upper.value;
  return out;
}

/** `filter` with `field` also at or before `at` (an instant field; its own date range kept). */
export function atOrBefore(filter: Filter, field: string, at: string): Filter {
  const condition = filter[field] as Condition | undefined;
  return { ...filter, [field]: intersect((condition ?? {}) as Range, { lte: at }) };
}

/**
 * The list rows in service now that were already so at `at`: changed last at or before it. A row's
 * `updatedAt` is never later than its validity's start, so it narrows through the list's indexes.
 */
export function rowsFilterAt(history: ListHistory, filter: Filter, at: string): Filter {
  const narrowed = atOrBefore(filter, 'updatedAt', at);
  return history.validFrom === 'updatedAt' ? narrowed : atOrBefore(narrowed, history.validFrom, at);
}

/**
 * The ended versions in service at `at`. A version in service then was made at or before it, so the
 * sort field (an instant the version's event set or an earlier one) is bounded too, which lets the
 * page start in the list's own index at that instant.
 */
export function versionsFilterAt(filter: Filter, at: string, sortField: string | null): Filter {
  const valid: Filter = { ...filter, validFromAt: { lte: at }, validToAt: { gt: at } };
  return sortField === 'updatedAt' || sortField === 'createdAt' ? atOrBefore(valid, sortField, at) : valid;
}
