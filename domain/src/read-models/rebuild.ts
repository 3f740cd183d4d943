import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';

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

export interface RequestReadModelRebuild {
  type: 'RequestReadModelRebuild';
  data: {
    requestedBy: string;
    /** What the projector's status says: a rebuild is running or switching over. */
    underWay: boolean;
    /** Requests at or below this position the projector has taken up (or passed over). */
    handledUpTo: bigint;
  };
}

export const REBUILD_RUNNING_MESSAGE = 'A rebuild is already running';

export class RebuildRunningError extends DomainError {
  constructor() {
    super('conflict', REBUILD_RUNNING_MESSAGE);
    this.name = 'RebuildRunningError';
  }
}

/**
 * One rebuild at a time, decided on the requests' stream with the revision read: a request the
 * projector has not taken up yet is pending, so requests made together cannot all pass.
 */
export const readModelRebuildDecider: Decider<
  { latest: bigint | null },
  RequestReadModelRebuild,
  ReadModelRebuildRequested
> = {
  initialState: () => ({ latest: null }),
  evolve: (_state, event) => ({ latest: event.position }),
  decide: (command, state) => {
    const pending = state.latest !== null && state.latest > command.data.handledUpTo;
    if (command.data.underWay || pending) throw new RebuildRunningError();
    return [{ type: 'ReadModelRebuildRequested', data: { requestedBy: command.data.requestedBy } }];
  },
};
