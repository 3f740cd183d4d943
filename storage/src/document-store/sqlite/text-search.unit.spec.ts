import { describe, expect, it } from 'vitest';
import { rareRuns, sqlLower, trigramMatch } from './text-search.ts';

// A sample as a board of "Truck 10000000"… gives it: every name shares "truck 1", digits vary.
const names = Array.from({ length: 1000 }, (_, n) => `truck ${10_000_000 + n * 1019}`);

describe('the runs of a needle asked of the trigram index', () => {
  it('leaves out the runs most texts hold, keeping the rare ones as phrases', () => {
    const runs = rareRuns(names, 'truck 10123456');
    expect(runs.phrases.length).toBeGreaterThan(0);
    for (const phrase of runs.phrases) expect('truck 10'.includes(phrase)).toBe(false);
    expect(runs.candidates).toBeLessThan(0.01);
  });

  it('asks nothing of the index when every run is common', () => {
    expect(rareRuns(names, 'truck').phrases).toEqual([]);
    expect(rareRuns(names, 'ck 1').phrases).toEqual([]);
  });

  it('asks for the whole needle when none of its runs is seen', () => {
    const runs = rareRuns(names, 'zebra');
    expect(runs.phrases).toEqual(['zebra']);
    expect(runs.rarest).toBe(0);
    // Not seen in the sample is not absent from the table: at least one text's worth of candidates.
    expect(runs.candidates).toBe(1 / names.length);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(rareRuns(['écho nord'], 'süd').phrases).toEqual(['süd']);
    expect(rareRuns(['écho nord'], 'nö').phrases).toEqual([]);
  });

  it('lowers as SQLite does: ASCII letters only', () => {
    expect(sqlLower('TRUCK Écho Süd')).toBe('truck Écho süd');
  });
});

describe('the trigram query of a needle', () => {
  it('asks for phrases in their column when the index keeps positions', () => {
    expect(trigramMatch(['ruck 1', 'say "hi"'], 'c1', true)).toBe('c1 : "ruck 1" AND c1 : "say ""hi"""');
  });

  it('asks for each run of three characters once, in any column, when it keeps none', () => {
    expect(trigramMatch(['abcd', 'bcde'], 'c0', false)).toBe('"abc" AND "bcd" AND "cde"');
    expect(trigramMatch(['é"ab'], 'c0', false)).toBe('"é""a" AND """ab"');
  });
});
