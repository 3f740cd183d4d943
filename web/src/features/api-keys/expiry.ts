import { dayRange } from '@dispatch/domain';

const DAY = 86_400_000;

/** Today's date in `timeZone`, YYYY-MM-DD: the earliest expiry a date picker offers. */
export const todayIn = (timeZone: string, now: Date = new Date()) => dayRange(timeZone, now).date;

/**
 * The instant a key chosen to expire on `date` (YYYY-MM-DD) stops working: the end of that day in the
 * organization's time zone, so it works through the whole day the owner picked. Null for no date.
 */
export function expiryOf(date: string, timeZone: string, now: Date = new Date()): string | null {
  if (!date) return null;
  const chosen = Date.parse(`${date}T00:00:00Z`);
  // A date the picker cannot hold is passed on as written, for the schema to refuse.
  if (Number.isNaN(chosen)) return date;
  const today = Date.parse(`${todayIn(timeZone, now)}T00:00:00Z`);
  return dayRange(timeZone, now, Math.round((chosen - today) / DAY)).end;
}
