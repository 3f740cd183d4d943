import { describe, expect, it } from 'vitest';
import { formatMoney, formatRate, rateText } from './money';

describe('money on screens', () => {
  it('reads a rate per unit with its cents and the unit', () => {
    expect(rateText(1.1, 'BUSHELS')).toBe('$1.10 / bushel');
    expect(rateText(2.9, 'TONS')).toBe('$2.90 / ton');
    expect(rateText(0, 'TONS')).toBe('$0.00 / ton');
    expect(rateText(1200, 'BUSHELS')).toBe('$1,200.00 / bushel');
    expect(rateText(3.255, 'TONS')).toBe('$3.26 / ton');
  });

  it('reads a flat rate in whole dollars unless it has cents', () => {
    expect(rateText(2400, 'FLAT_RATE')).toBe('$2,400 flat');
    expect(rateText(2400.5, 'FLAT_RATE')).toBe('$2,400.50 flat');
    expect(rateText(1_000_000_000, 'FLAT_RATE')).toBe('$1,000,000,000 flat');
  });

  it('keeps amount and unit apart for styling', () => {
    expect(formatRate(1.1, 'BUSHELS')).toEqual({ amount: '$1.10', unit: '/ bushel' });
  });

  it('shows nothing for a rate not agreed yet', () => {
    expect(formatRate(null, 'TONS')).toBeNull();
    expect(rateText(null, 'FLAT_RATE')).toBeNull();
  });

  it('reads an amount with its cents', () => {
    expect(formatMoney(1.1)).toBe('$1.10');
    expect(formatMoney(2400)).toBe('$2,400.00');
  });
});
