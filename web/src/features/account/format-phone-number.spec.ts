import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from './format-phone-number';

describe('formatPhoneNumber', () => {
  it('writes a US number the way it is read aloud', () => {
    expect(formatPhoneNumber('+13125550100')).toBe('+1 (312) 555-0100');
  });

  it('leaves anything else as stored', () => {
    expect(formatPhoneNumber('+442071838750')).toBe('+442071838750');
    expect(formatPhoneNumber('3125550100')).toBe('3125550100');
  });
});
