/**
 * Rebuilding the read models without downtime: a super_admin asks for it (an event, so the history
 * shows who did and when), the projector builds every read model again from the first event beside
 * the ones in service, then puts the new ones in their place.
 */
export const READ_MODEL_REBUILD_STREAM = 'readmodels-rebuilds';
export const READ_MODEL_REBUILD_SCHEMA_VERSION = 1;
/** The organization field of platform events, which belong to no organization. */
export const PLATFORM_ORG_ID = 'platform';

export interface ReadModelRebuildRequested {
  type: 'ReadModelRebuildRequested';
  data: { requestedBy: string };
}

/**
 * - idle: never rebuilt since the read models were first built;
 * - running: the new read models are being built while the current ones serve;
 * - switching: caught up, the new read models are taking over (a moment);
 * - completed / failed: how the last rebuild ended (a failed one leaves the current read models serving).
 */
export const readModelRebuildStates = ['idle', 'running', 'switching', 'completed', 'failed'] as const;
export type ReadModelRebuildState = (typeof readModelRebuildStates)[number];

/** Whether a rebuild is under way: another one cannot start. */
export const isRebuildUnderWay = (state: ReadModelRebuildState) =>
  state === 'running' || state === 'switching';

export const readModelRebuildStateLabels: Record<ReadModelRebuildState, string> = {
  idle: 'Not rebuilt yet',
  running: 'Rebuilding',
  switching: 'Switching over',
  completed: 'Completed',
  failed: 'Failed',
};

/** The latest rebuild as the admin area shows it. Positions are decimal strings (64-bit). */
export interface ReadModelRebuildStatus {
  state: ReadModelRebuildState;
  requestedBy: string | null;
  requestedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** The position of the last event the new read models include. */
  reached: string;
  /** The position of the last event in the log. */
  head: string;
  /** Events applied per second over the last few seconds. */
  eventsPerSecond: number;
  /** Seconds left at the current pace; null before there is a pace. */
  etaSeconds: number | null;
  error: string | null;
}
