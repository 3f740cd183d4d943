import type { Projection } from '../projection.ts';
import { boardCountersProjection } from './board-counters.ts';
import { loadsProjection } from './loads.ts';
import { organizationsProjection } from './organizations.ts';
import { rebuildRequestsProjection } from './rebuild-requests.ts';
import { trucksProjection } from './trucks.ts';

/**
 * Projections apply each event in this order. The board's counters read a posting as it was before
 * the event, so they come before the trucks and loads lists that replace it.
 */
export const projections: Projection[] = [
  boardCountersProjection,
  trucksProjection,
  loadsProjection,
  organizationsProjection,
  rebuildRequestsProjection,
];
