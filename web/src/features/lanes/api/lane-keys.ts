import type { LaneSearch } from '../lane-search';

/**
 * Query keys of the lane search and of the matches. The organization is in every key; a live change
 * notice about trucks or loads refreshes them all (a posting may enter or leave a lane, and a truck's
 * matches are loads, a load's trucks).
 */
export const laneKeys = {
  all: ['lanes'] as const,
  search: (organizationId: string, search: LaneSearch) =>
    ['lanes', 'search', organizationId, search] as const,
  matches: (organizationId: string, kind: 'trucks' | 'loads', id: number, deadhead: number) =>
    ['lanes', 'matches', organizationId, kind, id, deadhead] as const,
};

/** As the radius search: fresh for 10 seconds; live change notices refresh it sooner. */
export const LANE_STALE_TIME = 10_000;
