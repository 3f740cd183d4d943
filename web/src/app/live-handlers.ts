import type { LiveChangeHandlers } from '../features/live/live-changes';
import { invalidateTrucks } from '../features/trucks/api/truck-cache';

/** Which caches each kind of change notice refreshes. Loads and envelopes join as they are built. */
export const liveChangeHandlers: LiveChangeHandlers = {
  trucks: invalidateTrucks,
};
