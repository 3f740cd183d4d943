import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { notePosition } from '../../lib/event-position';
import type { Highlights } from '../../lib/highlights';

/** What the query API emits as `change` after each projector commit. */
export const liveChangeSchema = z.object({
  kind: z.string().min(1),
  // Trucks and loads have number ids; members, invitations and teams have string ids.
  ids: z.array(z.union([z.number().int(), z.string().min(1)])),
  position: z.string().regex(/^\d+$/),
  orgId: z.string().min(1),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

/**
 * How each kind of read model refreshes. Without ids (after a reconnect) anything of that kind
 * may have changed.
 */
export type LiveChangeHandlers = Record<
  string,
  (queryClient: QueryClient, ids?: readonly number[]) => unknown
>;

export interface ApplyLiveChangeOptions {
  /** The session's active organization: a notice for another one is ignored. */
  organizationId: string;
  handlers: LiveChangeHandlers;
  highlights: Highlights;
}

/**
 * Applies one change notice: remember its position first, so the refetches it triggers ask the
 * read side for at least that position, then invalidate and highlight what changed.
 * Returns the notice when it was applied.
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
  if (!handler) return null;
  const numberIds = change.ids.filter((id): id is number => typeof id === 'number');
  void handler(queryClient, numberIds.length === change.ids.length ? numberIds : undefined);
  highlights.add(change.kind, numberIds);
  return change;
}

/** After a reconnect the notices sent while away are lost: refresh every kind. */
export function refreshAllKinds(queryClient: QueryClient, handlers: LiveChangeHandlers): void {
  for (const handler of Object.values(handlers)) void handler(queryClient);
}
