import type { ReadModelGroupName } from '@dispatch/domain';
import type { Projection } from './projection.ts';
import { activityProjection } from './projections/activity/activity-projection.ts';
import { apiKeysProjection } from './projections/api-keys.ts';
import { boardCountersProjection } from './projections/board-counters.ts';
import { eventFeedProjection } from './projections/event-feed.ts';
import { laneRatesProjection } from './projections/lane-rates.ts';
import {
  versionedEnvelopesProjection,
  versionedLoadsProjection,
  versionedTrucksProjection,
} from './projections/list-versions.ts';
import { organizationsProjection } from './projections/organizations.ts';
import { savedSearchesProjection } from './projections/saved-searches.ts';
import {
  standingSearchAlertsProjection,
  standingSearchesBeforeProjection,
} from './projections/standing-search-alerts.ts';
import { webhooksProjection } from './projections/webhooks.ts';

/**
 * Read models that are built together: a new version of one of them builds the whole group again
 * from the first event, while the other groups keep serving from where they stand.
 */
export interface ReadModelGroup {
  name: ReadModelGroupName;
  projections: readonly Projection[];
  /**
   * The groups whose read models this group's projections read as they apply an event (a posting
   * as it was before the event, an organization's time zone). A rebuild of this group reads them as
   * they stood at each event, and a rebuild of one of them builds this group again too.
   */
  reads: readonly string[];
}

/**
 * The product's groups. Rebuild requests and the live connection's pings keep no read model and
 * belong to none: they are always applied with the read models in service.
 */
export const readModelGroups: readonly ReadModelGroup[] = [
  {
    // Organizations, their members, invitations and teams, and their webhooks.
    name: 'organizations',
    projections: [organizationsProjection, webhooksProjection],
    reads: [],
  },
  {
    // The trucks and loads boards: lists (with their radius points), expired postings, list
    // versions, counters and calendar. The counters read each posting before the lists replace it.
    name: 'boards',
    projections: [boardCountersProjection, versionedTrucksProjection, versionedLoadsProjection],
    reads: ['organizations'],
  },
  {
    name: 'envelopes',
    projections: [versionedEnvelopesProjection],
    reads: [],
  },
  {
    // Saved searches, standing searches and their notifications: a posting's alert compares it
    // before and after the event.
    name: 'searches',
    projections: [standingSearchesBeforeProjection, standingSearchAlertsProjection, savedSearchesProjection],
    reads: ['boards'],
  },
  {
    // The activity log, API keys (the log names a key's creator, the key list its revoker), the
    // event feed (with the searches' matches) and lane history.
    name: 'history',
    projections: [activityProjection, apiKeysProjection, eventFeedProjection, laneRatesProjection],
    reads: ['organizations', 'boards', 'envelopes', 'searches'],
  },
];

/** The read models a group keeps: its collection names, which carry their versions. */
export const readModelsOfGroup = (group: ReadModelGroup): string[] =>
  group.projections.flatMap((projection) => projection.collections.map((definition) => definition.name));

/** `names` and every group reached from them through `next`, in the order of `groups`. */
function closure(
  groups: readonly ReadModelGroup[],
  names: Iterable<string>,
  next: (group: ReadModelGroup) => readonly string[],
): ReadModelGroup[] {
  const reached = new Set(names);
  for (let grew = true; grew; ) {
    grew = false;
    for (const group of groups) {
      if (!reached.has(group.name)) continue;
      for (const name of next(group)) {
        if (!reached.has(name)) {
          reached.add(name);
          grew = true;
        }
      }
    }
  }
  return groups.filter((group) => reached.has(group.name));
}

/** The groups read by `names`, directly or through others, those named excluded. */
export function groupsReadBy(groups: readonly ReadModelGroup[], names: readonly string[]): ReadModelGroup[] {
  return closure(groups, names, (group) => group.reads).filter((group) => !names.includes(group.name));
}

/** Whether a read model of a projection outside every group is not among `kept` (new or of a new version). */
function ungroupedChanged(
  groups: readonly ReadModelGroup[],
  projections: readonly Projection[],
  kept: ReadonlySet<string>,
): boolean {
  const grouped = new Set(groups.flatMap((group) => group.projections));
  return projections.some(
    (projection) =>
      !grouped.has(projection) && projection.collections.some((definition) => !kept.has(definition.name)),
  );
}

/**
 * The groups a start builds again from the first event when the read models kept so far are `kept`
 * (the collection names of the checkpoint): those with a read model not kept (a new version, a new
 * read model), and every group that reads one of them. Null when a read model outside every group
 * changed, or every group is to be built (see `groupsAfterTheBoards`).
 */
export function groupsToRebuild(
  groups: readonly ReadModelGroup[],
  projections: readonly Projection[],
  kept: ReadonlySet<string>,
): ReadModelGroup[] | null {
  if (ungroupedChanged(groups, projections, kept)) return null;
  const changed = groups.filter((group) => readModelsOfGroup(group).some((name) => !kept.has(name)));
  const rebuilt = closure(
    groups,
    changed.map((group) => group.name),
    (group) => groups.filter((other) => other.reads.includes(group.name)).map((other) => other.name),
  );
  return rebuilt.length === groups.length ? null : rebuilt;
}

/** The group dispatchers work in: first back when every group is built again. */
export const FIRST_GROUP: ReadModelGroupName = 'boards';

/**
 * When every group is to be built again: the groups a builder builds beside the read models in service
 * once the live projector has built the boards and the groups the boards read again from the first
 * event, first. Null when a read model outside every group changed (then all read models are built
 * again at once), or no group is left to build after them.
 */
export function groupsAfterTheBoards(
  groups: readonly ReadModelGroup[],
  projections: readonly Projection[],
  kept: ReadonlySet<string>,
): ReadModelGroup[] | null {
  if (ungroupedChanged(groups, projections, kept)) return null;
  const first = new Set(closure(groups, [FIRST_GROUP], (group) => group.reads).map((group) => group.name));
  const after = groups.filter((group) => !first.has(group.name));
  return first.has(FIRST_GROUP) && after.length > 0 ? after : null;
}
