const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A posting's age as the boards show it (docs/rules.md#posting-age-and-expiry): "just now" under a
 * minute, then "12 min", "3 h", "2 d", counted from its last refresh.
 */
export function postingAge(refreshedAt: string, now: Date): string {
  const age = now.getTime() - Date.parse(refreshedAt);
  if (Number.isNaN(age)) return '';
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h`;
  return `${Math.floor(age / DAY)} d`;
}
