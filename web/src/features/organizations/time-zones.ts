import { US_TIME_ZONES } from '@dispatch/domain';

export interface TimeZoneOption {
  value: string;
  label: string;
}

/** Every IANA zone this browser knows, with UTC. */
function knownTimeZones(): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...supported])];
}

/**
 * The time zone select's options: the US zones first (east to west), then every other IANA zone
 * alphabetically. `current` is always offered, also when this browser lists it under another name
 * (the server keeps the name Intl gives it, "Asia/Calcutta" where a browser may say "Asia/Kolkata").
 */
export function timeZoneOptions(current: string): { us: TimeZoneOption[]; others: TimeZoneOption[] } {
  const us = US_TIME_ZONES.map(({ timeZone, label }) => ({
    value: timeZone,
    label: `${label} (${timeZone})`,
  }));
  const offered = new Set<string>(us.map((option) => option.value));
  const others = knownTimeZones()
    .filter((zone) => !offered.has(zone))
    .sort((a, b) => a.localeCompare(b));
  if (current && !offered.has(current) && !others.includes(current)) others.unshift(current);
  return { us, others: others.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })) };
}

/** "Tue, 3:42 PM CST": the time it is now in `timeZone`, to show what a choice means. */
export function timeIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(now);
  } catch {
    return '';
  }
}
