/** When an unsigned envelope is reminded about and when it expires (docs/decisions.md, Sign-pro). */
export const REMINDER_INTERVAL_MS = 2 * 86_400_000;
export const MAX_REMINDERS = 3;
/** Days an envelope stays open after it is sent or resent, unless ENVELOPE_EXPIRY_DAYS says otherwise. */
export const DEFAULT_ENVELOPE_EXPIRY_DAYS = 30;

export const expiryFrom = (sentAt: Date, expiryDays: number) =>
  new Date(sentAt.getTime() + expiryDays * 86_400_000).toISOString();

/**
 * The next reminder of an open envelope: 2 days after it was (re)sent, then 2 days after each
 * reminder, at most MAX_REMINDERS per sending. Null when none is left.
 */
export function nextReminderAt(schedule: {
  lastSentAt: string;
  lastReminderAt: string | null;
  remindersSinceSend: number;
}): string | null {
  if (schedule.remindersSinceSend >= MAX_REMINDERS) return null;
  const from = Date.parse(schedule.lastReminderAt ?? schedule.lastSentAt);
  return new Date(from + REMINDER_INTERVAL_MS).toISOString();
}
