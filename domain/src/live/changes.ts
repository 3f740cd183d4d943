import { z } from 'zod';
import { PING_CHANGE_KIND } from '../health/system-check.ts';
import { postingNoticeFields } from './posting-rows.ts';

/**
 * The kinds of change notice the live connection pushes to a browser after each projector commit.
 * Every kind here has a handler in the web client (a map typed by this list), so a kind added
 * without one does not compile.
 */
export const LIVE_CHANGE_KINDS = [
  'trucks',
  'loads',
  'envelopes',
  'members',
  'invitations',
  'organization',
  'notifications',
  'saved-searches',
  PING_CHANGE_KIND,
] as const;
export type LiveChangeKind = (typeof LIVE_CHANGE_KINDS)[number];

/** A change the projector publishes for itself only (a rebuild asked for): never pushed to a browser. */
export const READ_MODEL_REBUILD_CHANGE_KIND = 'read-model-rebuild';

/**
 * New items of an organization's event feed (ids: their sequences): heard by the feed's long polls
 * and the webhook deliverer, never pushed to a browser.
 */
export const EVENT_FEED_CHANGE_KIND = 'events';

/** Every kind of change a projector commit can carry. */
export const CHANGE_KINDS = [
  ...LIVE_CHANGE_KINDS,
  READ_MODEL_REBUILD_CHANGE_KIND,
  EVENT_FEED_CHANGE_KIND,
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Kinds whose ids are the users a change is for: each user hears of their own, nobody else does. */
export const PER_USER_CHANGE_KINDS: readonly LiveChangeKind[] = ['notifications', 'saved-searches'];

const liveKinds: ReadonlySet<string> = new Set(LIVE_CHANGE_KINDS);
export const isLiveChangeKind = (kind: string): kind is LiveChangeKind => liveKinds.has(kind);

/** The socket events of the live connection. */
export const LIVE_EVENTS = {
  /**
   * Server to client once joined: the position the read models reflect, and whether the changes since
   * the position the client said it had applied were sent just before (`caughtUp`), or it must re-read
   * what is on its screen.
   */
  ready: 'ready',
  /** Server to client after each commit: one change notice. */
  change: 'change',
  /** Sent to a socket just before the server closes it because its user left the organization. */
  membershipEnded: 'membership-ended',
  /**
   * Sent to every socket just before the server stops (SIGTERM): the client connects again shortly,
   * to this process restarted or to another replica, and catches up from its position.
   */
  serverStopping: 'server-stopping',
} as const;

/** What the query API emits as `change` after each projector commit that touched an organization. */
export const liveChangeSchema = z.object({
  kind: z.enum(LIVE_CHANGE_KINDS),
  // Trucks, loads and envelopes have number ids; members, invitations and users have string ids.
  ids: z.array(z.union([z.number().int(), z.string().min(1)])),
  position: z.string().regex(/^\d+$/),
  orgId: z.string().min(1),
  // Trucks and loads: the changed rows as the list shows them, and the board's totals (posting-rows.ts).
  ...postingNoticeFields,
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

/**
 * The handshake parameter of a reconnecting client: the last position it applied. The server sends
 * the changes it missed since, when it still holds them.
 */
export const LIVE_SINCE_PARAMETER = 'since';

export const liveReadySchema = z.object({
  position: z.string().regex(/^\d+$/),
  caughtUp: z.boolean().default(false),
});
export type LiveReady = z.infer<typeof liveReadySchema>;
