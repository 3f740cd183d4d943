import { US_TIME_ZONES } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import { timeIn, timeZoneOptions } from './time-zones';

describe('time zone options', () => {
  it('list the US zones first, then every other zone once, UTC included', () => {
    const { us, others } = timeZoneOptions('America/Chicago');
    expect(us.map((option) => option.value)).toEqual(US_TIME_ZONES.map((zone) => zone.timeZone));
    expect(us.find((option) => option.value === 'America/Chicago')?.label).toBe('Central (America/Chicago)');
    const values = others.map((option) => option.value);
    expect(values).toContain('UTC');
    expect(values).toContain('Europe/Paris');
    expect(values).not.toContain('America/Chicago');
    expect(new Set(values).size).toBe(values.length);
    expect(others.find((option) => option.value === 'America/Mexico_City')?.label).toBe(
      'America/Mexico City',
    );
  });

  it('always offer the zone the organization has', () => {
    expect(timeZoneOptions('Etc/GMT+5').others[0]).toEqual({ value: 'Etc/GMT+5', label: 'Etc/GMT+5' });
  });

  it('say what time it is in a zone', () => {
    const noonUtc = new Date('2026-01-06T18:00:00.000Z');
    expect(timeIn('America/Chicago', noonUtc)).toBe('Tue, 12:00 PM CST');
    expect(timeIn('Mars/Olympus', noonUtc)).toBe('');
  });
});
