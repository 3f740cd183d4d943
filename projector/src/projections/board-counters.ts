import { boardCalendarCollection, boardStatsCollection } from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection } from '../projection.ts';
import { countInCalendar } from './board-calendar.ts';
import { countInBoardStats } from './board-stats.ts';
import { postingChange, postingEventTypes } from './posting-changes.ts';

/**
 * The board's counters: totals and facets (board_stats), and postings per calendar day (board_calendar)
 * behind the lists' today and yesterday and the overview's months. An event takes a posting out of
 * the counters it was in and puts it into those it is in now.
 */
export const boardCountersProjection: Projection = {
  name: 'board-counters',
  collections: [boardStatsCollection, boardCalendarCollection],
  eventTypes: postingEventTypes,
  async apply(event: RecordedEvent, context) {
    const change = await postingChange(event, context);
    if (!change) return;
    // Counters that cancel out (an edit that moves nothing) are dropped when the batch is written.
    if (change.before) {
      countInBoardStats(context, change, change.before, -1);
      countInCalendar(context, change, change.before, -1);
    }
    if (change.after) {
      countInBoardStats(context, change, change.after, 1);
      countInCalendar(context, change, change.after, 1);
    }
  },
};
