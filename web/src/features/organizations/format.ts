import { formatDate } from '@dispatch/domain';
import { browserTimeZone } from '../../lib/organization-dates';

/** An instant shown as its day, "Nov 21, 2026" (docs/rules.md#constants-and-limits: short month, two-digit day, year), in `timeZone`. */
export function formatDay(value: string, timeZone: string = browserTimeZone()): string {
  return formatDate(value, timeZone);
}

/** A pending invitation past its expiry: shown as expired, to be resent or canceled. */
export const isExpired = (invitation: { status: string; expiresAt: string }, now: Date = new Date()) =>
  invitation.status === 'pending' && Date.parse(invitation.expiresAt) <= now.getTime();
