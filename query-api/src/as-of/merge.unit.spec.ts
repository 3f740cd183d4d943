import { describe, expect, it } from 'vitest';
import { pageOfTwo, type Source, storeOrder } from './merge.ts';

type Row = { id: string; position: string; updatedAt: string | null };

/** A source over sorted rows in memory, counting the rows each read returns. */
function source(rows: Row[]) {
  const reads = { rows: 0, largest: 0 };
  const of: Source<Row> = {
    page: async (skip, limit) => {
      const page = rows.slice(skip, skip + limit);
      reads.rows += page.length;
      reads.largest = Math.max(reads.largest, page.length);
      return page;
    },
    count: async () => rows.length,
  };
  return { of, reads };
}

const order = storeOrder([{ field: 'updatedAt', direction: 'desc' }]);

/** `count` rows, every third sharing an instant, some without one (they sort last, descending). */
function rowsOf(prefix: string, count: number, seed: number): Row[] {
  const rows: Row[] = [];
  for (let n = 0; n < count; n++) {
    const minute = (n * seed) % 997;
    const updatedAt =
      n % 41 === 0 ? null : new Date(Date.UTC(2026, 10, 1, 0, minute - (n % 3))).toISOString();
    rows.push({ id: `${prefix}${n}`, position: String(n), updatedAt });
  }
  return rows.sort(order);
}

describe('pageOfTwo', () => {
  const a = rowsOf('', 2_400, 7);
  const b = rowsOf('v', 1_700, 13);
  const all = [...a, ...b].sort(order);

  it('answers every page, shallow or deep, as one sorted list would', async () => {
    for (const [skip, limit] of [
      [0, 10],
      [990, 25],
      [1_001, 10],
      [1_500, 100],
      [2_399, 7],
      [3_333, 50],
      [4_090, 20],
      [4_100, 10],
    ] as const) {
      const page = await pageOfTwo(source(a).of, source(b).of, order, skip, limit);
      expect(page, `skip ${skip}`).toEqual(all.slice(skip, skip + limit));
    }
  });

  it('reads a deep page a few rows at a time, not every row before it', async () => {
    const first = source(a);
    const second = source(b);
    const page = await pageOfTwo(first.of, second.of, order, 3_000, 10);
    expect(page).toEqual(all.slice(3_000, 3_010));
    expect(Math.max(first.reads.largest, second.reads.largest)).toBeLessThanOrEqual(10);
    expect(first.reads.rows + second.reads.rows).toBeLessThan(100);
  });

  it('takes every row from one source when the other has none', async () => {
    const page = await pageOfTwo(source([]).of, source(b).of, order, 1_200, 30);
    expect(page).toEqual(b.slice(1_200, 1_230));
  });
});
