import { type LiveChange, type LiveChangeKind, liveChangeSchema } from '@dispatch/domain';
import type { QueryClient } from '@tanstack/react-query';
import { notePosition } from '../../lib/event-position';
import type { Highlights } from '../../lib/highlights';
import { clientForChangeAt } from './read-through';

export { type LiveChange, liveChangeSchema };

/** How one kind of read model refreshes. Without ids (after a reconnect) anything of that kind may have changed. */
export type LiveChangeHandler = (
  queryClient: QueryClient,
  ids?: readonly number[],
  /** The notice itself: trucks and loads carry their rows (see posting-lists.ts). */
  change?: LiveChange,
) => unknown;

/** A handler for every kind the server pushes: a kind added without one does not compile. */
export type LiveChangeHandlers = Record<LiveChangeKind, LiveChangeHandler>;

export interface ApplyLiveChangeOptions {
  /** The session's active organization: a notice for another one is ignored. */
  organizationId: string;
  handlers: LiveChangeHandlers;
  highlights: Highlights;
}

/**
 * Applies one change notice: remember its position first, so the refetches it triggers ask the
 * read side for at least that position, then invalidate what does not reflect it yet (see
 * read-through.ts) and highlight what changed. Returns the notice when it was applied.
 */
export function applyLiveChange(
  queryClient: QueryClient,
  payload: unknown,
  { organizationId, handlers, highlights }: ApplyLiveChangeOptions,
): LiveChange | null {
  const parsed = liveChangeSchema.safeParse(payload);
  if (!parsed.success) return null;
  const change = parsed.data;
  if (change.orgId !== organizationId) return null;

  notePosition(change.position);
  const handler = handlers[change.kind];
  const numberIds = change.ids.filter((id): id is number => typeof id === 'number');
  const client = clientForChangeAt(queryClient, BigInt(change.position));
  void handler(client, numberIds.length === change.ids.length ? numberIds : undefined, change);
  highlights.add(change.kind, numberIds);
  return change;
}

/**
 * Notices sent while no connection was up are lost: refresh every kind. With `position`, the
 * server's position as the connection joined (every notice after it comes over the connection), what
 * reflects that position already is left as it is: a screen read just before the connection came up
 * is not read a second time.
 */
export function refreshAllKinds(
  queryClient: QueryClient,
  handlers: LiveChangeHandlers,
  position?: string,
): void {
  const client =
    position && /^\d+$/.test(position) ? clientForChangeAt(queryClient, BigInt(position)) : queryClient;
  for (const handler of Object.values(handlers)) void handler(client);
}
