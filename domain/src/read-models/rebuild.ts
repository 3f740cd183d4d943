import { z } from 'zod';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';

/**
 * Rebuilding the read models without downtime: a super_admin asks for it (an event, so the history
 * shows who did and when), the projector builds every read model, or the groups asked for, again
 * from the first event beside the ones in service, then puts the new ones in their place.
 */
export const READ_MODEL_REBUILD_STREAM = 'readmodels-rebuilds';
export const READ_MODEL_REBUILD_SCHEMA_VERSION = 1;
/** The organization field of platform events, which belong to no organization. */
export const PLATFORM_ORG_ID = 'platform';

/**
 * The groups of read models an admin rebuilds one at a time, in the order the admin area lists
 * them. A group's read models switch together; the boards are the dispatchers' lists, counters and
 * radius points, the history the activity log, the event feed and lane history.
 */
export const readModelGroupNames = ['boards', 'organizations', 'envelopes', 'searches', 'history'] as const;
export type ReadModelGroupName = (typeof readModelGroupNames)[number];

export const readModelGroupLabels: Record<ReadModelGroupName, string> = {
  boards: 'Boards',
  organizations: 'Organizations',
  envelopes: 'Envelopes',
  searches: 'Searches',
  history: 'History',
};

export const READ_MODEL_GROUP_MESSAGE = `Group must be one of: ${readModelGroupNames.join(', ')}`;

/**
 * POST /api/v1/admin/read-models/rebuild: the groups to rebuild, or every read model when none is
 * named (and when every group is named).
 */
export const rebuildReadModelsInputSchema = z
  .object({
    groups: z
      .array(z.enum(readModelGroupNames, { error: READ_MODEL_GROUP_MESSAGE }), {
        error: 'Groups must be a list of group names',
      })
      .min(1, { error: 'Name at least one group, or none to rebuild every read model' })
      .max(readModelGroupNames.length, { error: READ_MODEL_GROUP_MESSAGE })
      .optional(),
  })
  .strict();
export type RebuildReadModelsInput = z.output<typeof rebuildReadModelsInputSchema>;

/** The groups a request names, each once in the product's order; null for every read model. */
export function rebuiltGroupsOf(groups: readonly string[] | undefined | null): ReadModelGroupName[] | null {
  if (!groups || groups.length === 0) return null;
  const named = readModelGroupNames.filter((name) => groups.includes(name));
  return named.length === readModelGroupNames.length || named.length === 0 ? null : named;
}

export interface ReadModelRebuildRequested {
  type: 'ReadModelRebuildRequested';
  /** `groups` absent: every read model. */
  data: { requestedBy: string; groups?: ReadModelGroupName[] };
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
  /** The groups being (or last) rebuilt; null when it is (or was) every read model. */
  groups: ReadModelGroupName[] | null;
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
    /** The groups to rebuild; null for every read model. */
    groups: ReadModelGroupName[] | null;
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
    const { requestedBy, groups } = command.data;
    return [{ type: 'ReadModelRebuildRequested', data: groups ? { requestedBy, groups } : { requestedBy } }];
  },
};
