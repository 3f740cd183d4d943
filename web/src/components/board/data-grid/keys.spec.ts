import { describe, expect, it } from 'vitest';
import { stepSelection } from './keys';

describe('j / k row selection', () => {
  it('starts at the first row going down and at the last going up', () => {
    expect(stepSelection(-1, 5, 1)).toBe(0);
    expect(stepSelection(-1, 5, -1)).toBe(4);
  });
  it('moves a row and stops at the ends', () => {
    expect(stepSelection(2, 5, 1)).toBe(3);
    expect(stepSelection(2, 5, -1)).toBe(1);
    expect(stepSelection(4, 5, 1)).toBe(4);
    expect(stepSelection(0, 5, -1)).toBe(0);
  });
  it('starts again when the chosen row left the list', () => {
    expect(stepSelection(7, 3, 1)).toBe(0);
    expect(stepSelection(0, 0, 1)).toBe(-1);
  });
});
