import { describe, expect, it } from 'vitest';
import { formatRate } from './rate-format';

describe('rates on the board', () => {
  it('show dollars with the unit label', () => {
    expect(formatRate(3.25, 'TONS')).toEqual({ amount: '$3.25', unit: 'Tons' });
    expect(formatRate(1200, 'FLAT_RATE')).toEqual({ amount: '$1,200', unit: 'Flat Rate' });
    expect(formatRate(0, 'BUSHELS')).toEqual({ amount: '$0', unit: 'Bushels' });
  });

  it('show nothing for a rate not agreed yet', () => {
    expect(formatRate(null, 'TONS')).toBeNull();
  });
});
