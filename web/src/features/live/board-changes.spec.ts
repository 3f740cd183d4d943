import { describe, expect, it } from 'vitest';
import { describeTally, diffRows } from './board-changes';

const trucks = { one: 'truck', many: 'trucks' };
const rows = (entries: [number, number][]) => new Map(entries);

describe('a live board change as a sentence', () => {
  it('names the board once, with the first figure', () => {
    expect(describeTally({ added: 2, updated: 1, removed: 0 }, trucks)).toBe('2 new trucks, 1 updated');
    expect(describeTally({ added: 0, updated: 0, removed: 1 }, { one: 'load', many: 'loads' })).toBe(
      '1 load removed',
    );
    expect(describeTally({ added: 1, updated: 0, removed: 3 }, trucks)).toBe('1 new truck, 3 removed');
    expect(describeTally({ added: 0, updated: 2, removed: 1 }, trucks)).toBe('2 trucks updated, 1 removed');
    expect(describeTally({ added: 0, updated: 0, removed: 0 }, trucks)).toBe('');
  });
});

describe('the rows a notice named, between two answers of a page', () => {
  it('counts those that came, changed or left, and no other row', () => {
    const before = rows([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    // 4 is new, 2 changed, 3 left; 5 was pushed off the page by 4 but was not named.
    const after = rows([
      [4, 1],
      [1, 1],
      [2, 2],
    ]);
    const { tally, added, accounted } = diffRows(before, after, new Set([2, 3, 4, 9]));
    expect(tally).toEqual({ added: 1, updated: 1, removed: 1 });
    expect(added).toEqual([4]);
    expect(accounted.sort()).toEqual([2, 3, 4]);
  });

  it('counts nothing when the page changed but no named row did', () => {
    expect(diffRows(rows([[1, 1]]), rows([[7, 1]]), new Set([1 + 100])).tally).toEqual({
      added: 0,
      updated: 0,
      removed: 0,
    });
  });
});
