import { describe, expect, it } from 'vitest';
import { formatDuration, progressPercent } from './read-models-card';

describe('rebuild progress', () => {
  it('reads the share of the log the new read models hold', () => {
    expect(progressPercent('0', '0')).toBe(0);
    expect(progressPercent('250', '1000')).toBe(25);
    expect(progressPercent('999', '1000')).toBe(99);
    expect(progressPercent('1200', '1000')).toBe(100);
  });

  it('words the time left', () => {
    expect(formatDuration(12.4)).toBe('12 s');
    expect(formatDuration(200)).toBe('3 min 20 s');
    expect(formatDuration(3840)).toBe('1 h 4 min');
  });
});
