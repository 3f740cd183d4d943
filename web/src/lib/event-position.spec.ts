import { afterEach, describe, expect, it } from 'vitest';
import { forgetPositions, minPosition, notePosition } from './event-position';

describe('event position', () => {
  afterEach(forgetPositions);

  it('starts with nothing to wait for', () => {
    expect(minPosition()).toBeNull();
  });

  it('keeps the highest position seen', () => {
    notePosition('12');
    notePosition('7');
    notePosition('30');
    expect(minPosition()).toBe('30');
  });

  it('compares positions beyond the safe integer range exactly', () => {
    notePosition('18446744073709551614');
    notePosition('9007199254740993');
    expect(minPosition()).toBe('18446744073709551614');
  });

  it('ignores missing and malformed values', () => {
    notePosition('5');
    notePosition(null);
    notePosition(undefined);
    notePosition('');
    notePosition('-3');
    notePosition('1e9');
    expect(minPosition()).toBe('5');
  });

  it('forgets on sign-out', () => {
    notePosition('5');
    forgetPositions();
    expect(minPosition()).toBeNull();
  });
});
