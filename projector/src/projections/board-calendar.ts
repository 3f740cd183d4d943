import { calendarDateOf, localDateOf, type PostingKind } from '@dispatch/domain';
import { ALL_CREATORS, boardCalendarId, type CalendarDateField, collections } from '@dispatch/read-models';
import type { ProjectionContext } from '../projection.ts';
import { memoize2, memoize4 } from './memoize.ts';
import { isAvailable, type PostingChange, type PostingState } from './posting-changes.ts';

type CounterField = CalendarDateField | 'available';

/** `createdAt.03.05`: the counter of March 5th in a calendar document. */
const counter = memoize2(
  (field: CounterField, date: string) => `${field}.${date.slice(5, 7)}.${date.slice(8, 10)}`,
);

/** A calendar's id and the fields it starts with. */
const calendarOf = memoize4((kind: PostingKind, orgId: string, creator: string, year: string) => ({
  id: boardCalendarId(kind, orgId, creator, year),
  insert: Object.freeze({ orgId, kind, creator, year: Number(year) }),
}));

/** Adds (`sign` 1) or takes away (-1) one posting from the calendars of everyone and of its creator. */
export function countInCalendar(
  context: ProjectionContext,
  change: PostingChange,
  posting: PostingState,
  sign: 1 | -1,
) {
  const { kind, orgId } = change;
  // A posting comes out of the days it was counted in, in the zone of then, and goes into today's.
  const timeZone = sign === -1 ? change.beforeTimeZone : change.timeZone;
  const created = localDateOf(timeZone, posting.createdAt);
  const updated = localDateOf(timeZone, posting.updatedAt);
  const available = calendarDateOf(posting.availabilityDate);
  const year = created.slice(0, 4);
  const forEveryone = isAvailable(kind, posting);
  if (updated.startsWith(year) && available.startsWith(year)) {
    // Usually one year holds every date: one increment per calendar, not one per counter.
    const dates = [
      counter('createdAt', created),
      counter('updatedAt', updated),
      counter('availableDate', available),
    ];
    const mine = calendarOf(kind, orgId, posting.createdBy, year);
    context.incrementEach(collections.boardCalendar, mine.id, mine.insert, dates, sign);
    if (forEveryone) dates.push(counter('available', available));
    const everyone = calendarOf(kind, orgId, ALL_CREATORS, year);
    context.incrementEach(collections.boardCalendar, everyone.id, everyone.insert, dates, sign);
    return;
  }
  for (const creator of [ALL_CREATORS, posting.createdBy]) {
    const dates: [CounterField, string][] = [
      ['createdAt', created],
      ['updatedAt', updated],
      ['availableDate', available],
    ];
    if (creator === ALL_CREATORS && forEveryone) dates.push(['available', available]);
    for (const [field, date] of dates) {
      const calendar = calendarOf(kind, orgId, creator, date.slice(0, 4));
      context.incrementEach(
        collections.boardCalendar,
        calendar.id,
        calendar.insert,
        [counter(field, date)],
        sign,
      );
    }
  }
}
