/** What changed on a board's page between two answers, counted for its announcement. */
export interface BoardTally {
  added: number;
  updated: number;
  removed: number;
}

export const emptyTally: BoardTally = { added: 0, updated: 0, removed: 0 };

export const addTallies = (a: BoardTally, b: BoardTally): BoardTally => ({
  added: a.added + b.added,
  updated: a.updated + b.updated,
  removed: a.removed + b.removed,
});

export const isEmptyTally = (tally: BoardTally) => tally.added + tally.updated + tally.removed === 0;

/** A board's rows as the comparison needs them: each posting's id and version. */
export type RowVersions = ReadonlyMap<number, number>;

/**
 * The rows a change notice named that came onto the page, changed on it, or left it, between two
 * answers of the same page. Only named rows count: rows that move in or out because another row
 * came or went, or because the user turned the page, are no change of their own.
 */
export function diffRows(
  before: RowVersions,
  after: RowVersions,
  named: ReadonlySet<number>,
): { tally: BoardTally; added: number[]; accounted: number[] } {
  const added: number[] = [];
  const accounted: number[] = [];
  let updated = 0;
  let removed = 0;
  for (const id of named) {
    const was = before.get(id);
    const is = after.get(id);
    if (was === undefined && is !== undefined) added.push(id);
    else if (was !== undefined && is === undefined) removed += 1;
    else if (was !== undefined && is !== undefined && was !== is) updated += 1;
    else continue;
    accounted.push(id);
  }
  return { tally: { added: added.length, updated, removed }, added, accounted };
}

/** A board's nouns: "truck" and "trucks". */
export interface Nouns {
  one: string;
  many: string;
}

const count = (n: number, nouns: Nouns) => `${n} ${n === 1 ? nouns.one : nouns.many}`;

/**
 * The sentence a screen reader hears: "2 new trucks, 1 updated", "1 load removed". The board's noun
 * comes once, with the first figure.
 */
export function describeTally(tally: BoardTally, nouns: Nouns): string {
  const parts: string[] = [];
  if (tally.added) parts.push(`${tally.added} new ${tally.added === 1 ? nouns.one : nouns.many}`);
  if (tally.updated)
    parts.push(parts.length ? `${tally.updated} updated` : `${count(tally.updated, nouns)} updated`);
  if (tally.removed)
    parts.push(parts.length ? `${tally.removed} removed` : `${count(tally.removed, nouns)} removed`);
  return parts.join(', ');
}
