import { z } from 'zod';
import { limitParam, pageParam } from './list-query.ts';
import { dayRange } from './time-zone.ts';

/**
 * A posting's age and expiry (docs/rules.md#posting-age-and-expiry). Its age counts from its last
 * refresh (its posting until the first one); it leaves the live board at the earlier of the end of
 * the day after its availability date, in the organization's time zone, and `postingMaxAgeDays`
 * days after that refresh.
 */
export const POSTING_MAX_AGE_DAYS_DEFAULT = 8;
export const POSTING_MAX_AGE_DAYS_MIN = 1;
export const POSTING_MAX_AGE_DAYS_MAX = 30;

export const postingExpiryReasons = ['availability', 'age'] as const;
export type PostingExpiryReason = (typeof postingExpiryReasons)[number];

const DAY_MS = 86_400_000;

/** The organization settings an expiry is reckoned with. */
export interface PostingExpirySettings {
  timeZone: string;
  postingMaxAgeDays: number;
}

/**
 * The ends worked out so far, by zone and date: reading a zone's clock is slow, and a board's
 * postings share a few hundred dates (the sweep and the projector ask for each posting's).
 */
const availabilityEnds = new Map<string, string>();
/** Entries each of the dates remembered here keeps at most: past it, it starts again empty. */
const MAX_REMEMBERED = 10_000;

/**
 * The first instant after the day that follows `availabilityDate` in `timeZone`. The date is a calendar
 * day, stored as its UTC midnight ("2026-11-27T00:00:00.000Z") or written YYYY-MM-DD.
 */
export function availabilityEnd(availabilityDate: string, timeZone: string): string {
  const date = availabilityDate.slice(0, 10);
  const key = `${timeZone} ${date}`;
  let end = availabilityEnds.get(key);
  if (end === undefined) {
    // Noon UTC falls on the same calendar date in every US zone, so the day after is offset 1.
    end = dayRange(timeZone, new Date(`${date}T12:00:00.000Z`), 1).end;
    if (availabilityEnds.size >= MAX_REMEMBERED) availabilityEnds.clear();
    availabilityEnds.set(key, end);
  }
  return end;
}

/** The calendar dates `days` after each date seen (`${days} ${date}`): the projector asks for one per event. */
const datesAfter = new Map<string, string>();

/** `days` whole days after `instant`; an instant as events carry it (UTC with milliseconds) only changes its date. */
function daysAfter(instant: string, days: number): string {
  if (instant.length !== 24 || !instant.endsWith('Z'))
    return new Date(Date.parse(instant) + days * DAY_MS).toISOString();
  const date = instant.slice(0, 10);
  const key = `${days} ${date}`;
  let after = datesAfter.get(key);
  if (after === undefined) {
    after = new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
    if (datesAfter.size >= MAX_REMEMBERED) datesAfter.clear();
    datesAfter.set(key, after);
  }
  return after + instant.slice(10);
}

/** When a posting refreshed at `refreshedAt` and available on `availabilityDate` expires, and why. */
export function postingExpiry(
  posting: { availabilityDate: string; refreshedAt: string },
  settings: PostingExpirySettings,
): { expiresAt: string; reason: PostingExpiryReason } {
  const byAvailability = availabilityEnd(posting.availabilityDate, settings.timeZone);
  const byAge = daysAfter(posting.refreshedAt, settings.postingMaxAgeDays);
  return byAge < byAvailability
    ? { expiresAt: byAge, reason: 'age' }
    : { expiresAt: byAvailability, reason: 'availability' };
}

/** GET /api/v1/trucks/expired and /loads/expired: a page of the organization's expired postings, the latest first. */
export const expiredPostingsQuerySchema = z.object({ limit: limitParam(), page: pageParam(0) }).strict();

/** POST /api/v1/trucks/{id}/refresh and /loads/{id}/refresh take no fields. */
export const refreshPostingSchema = z.object({}).strict();

/** The refusal of a re-post whose availability window has passed. */
export const AVAILABILITY_PASSED = 'The availability date has passed: change it to re-post';

/** The calendar date before `date` (YYYY-MM-DD). */
export function previousDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** Today's calendar date (YYYY-MM-DD) in `timeZone`. */
export const todayIn = (timeZone: string, now: Date) => dayRange(timeZone, now).date;
