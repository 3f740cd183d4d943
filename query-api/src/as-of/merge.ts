import type { Document, SortKey } from '@dispatch/storage';

/** One of the two ordered sources an as-of answer merges: a page at an offset, and its size. */
export interface Source<T> {
  page(skip: number, limit: number): Promise<T[]>;
  count(): Promise<number>;
}

/** Pages up to this deep merge the sources' first rows; deeper ones find the split first. */
const SHALLOW = 1_000;

function merged<T>(a: T[], b: T[], compare: (x: T, y: T) => number, limit: number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (out.length < limit && (i < a.length || j < b.length)) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && compare(x, y) < 0)) {
      out.push(x as T);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
  return out;
}

/**
 * Rows `skip` to `skip + limit` of two sources merged in the order `compare` gives (a strict order:
 * no row of one source equals a row of the other). A shallow page merges the first rows of both; a
 * deep one first finds, by bisection, how many of the rows before it come from each source (a few
 * rows read at each step), so no page holds more than its own rows in memory.
 */
export async function pageOfTwo<T>(
  a: Source<T>,
  b: Source<T>,
  compare: (x: T, y: T) => number,
  skip: number,
  limit: number,
): Promise<T[]> {
  if (skip <= SHALLOW) {
    const [first, second] = await Promise.all([a.page(0, skip + limit), b.page(0, skip + limit)]);
    return merged(first, second, compare, skip + limit).slice(skip);
  }
  const [sizeA, sizeB] = await Promise.all([a.count(), b.count()]);
  if (skip >= sizeA + sizeB) return [];
  let low = Math.max(0, skip - sizeB);
  let high = Math.min(skip, sizeA);
  for (;;) {
    // A list written to meanwhile may leave no exact split: the bisection then stops where it is.
    const fromA = Math.min(Math.max((low + high) >> 1, 0), Math.min(skip, sizeA));
    const fromB = skip - fromA;
    const [aroundA, aroundB] = await Promise.all([
      fromA > 0 ? a.page(fromA - 1, 2) : a.page(0, 1).then((rows) => [undefined, ...rows]),
      fromB > 0 ? b.page(fromB - 1, 2) : b.page(0, 1).then((rows) => [undefined, ...rows]),
    ]);
    const [lastA, nextA] = aroundA;
    const [lastB, nextB] = aroundB;
    const tooMany = lastA !== undefined && nextB !== undefined && compare(lastA, nextB) > 0;
    const tooFew = lastB !== undefined && nextA !== undefined && compare(lastB, nextA) > 0;
    if (tooMany && low < fromA) high = fromA - 1;
    else if (tooFew && fromA < high) low = fromA + 1;
    else {
      const [restA, restB] = await Promise.all([a.page(fromA, limit), b.page(fromB, limit)]);
      return merged(restA, restB, compare, limit);
    }
  }
}

/** A comparison of one value of a sort: null first, as both stores order it ascending. */
function compareValues(x: unknown, y: unknown): number {
  if (x === y) return 0;
  if (x === null || x === undefined) return -1;
  if (y === null || y === undefined) return 1;
  return (x as string | number) < (y as string | number) ? -1 : 1;
}

const valueAt = (document: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], document);

/** The stores' order of a sorted query: its keys, then the document id ascending. */
export function storeOrder(sort: SortKey[]) {
  return (x: Document, y: Document) => {
    for (const key of sort) {
      const by = compareValues(valueAt(x, key.field), valueAt(y, key.field));
      if (by !== 0) return key.direction === 'desc' ? -by : by;
    }
    return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
  };
}
