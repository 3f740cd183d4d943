import { format } from 'date-fns';

/** An instant shown as its local day, "Nov 21, 2026" (docs/rules.md#constants-and-limits: short month, two-digit day, year). */
export function formatDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM dd, yyyy');
}

/** A pending invitation past its expiry: shown as expired, to be resent or canceled. */
export const isExpired = (invitation: { status: string; expiresAt: string }, now: Date = new Date()) =>
  invitation.status === 'pending' && Date.parse(invitation.expiresAt) <= now.getTime();
