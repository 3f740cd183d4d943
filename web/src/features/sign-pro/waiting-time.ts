const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a receiver has been waiting to sign, for a dense table: "3 d 4 h", "5 h 12 min",
 * "12 min", "< 1 min". A time in the future (clock skew) reads "< 1 min".
 */
export function waitingTime(since: string | Date, now: Date = new Date()): string {
  const start = typeof since === 'string' ? new Date(since) : since;
  const elapsed = now.getTime() - start.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return '< 1 min';
  const days = Math.floor(elapsed / DAY);
  const hours = Math.floor((elapsed % DAY) / HOUR);
  const minutes = Math.floor((elapsed % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}

/** The same wait spelled out for screen readers and tooltips: "3 days 4 hours". */
export function waitingTimeInWords(since: string | Date, now: Date = new Date()): string {
  return waitingTime(since, now)
    .replace('< 1 min', 'less than a minute')
    .replace(/(\d+) d\b/, (_, n: string) => `${n} ${n === '1' ? 'day' : 'days'}`)
    .replace(/(\d+) h\b/, (_, n: string) => `${n} ${n === '1' ? 'hour' : 'hours'}`)
    .replace(/(\d+) min\b/, (_, n: string) => `${n} ${n === '1' ? 'minute' : 'minutes'}`);
}
