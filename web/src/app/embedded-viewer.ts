import { fullOrganizationAnswerSchema, sessionAnswerSchema } from '@dispatch/domain';
import type { QueryClient } from '@tanstack/react-query';
import { organizationKeys } from '../features/organizations/api/organization-keys';
import { sessionQueryKey } from '../lib/session';

/** The id of the JSON data block the server puts the viewer in (standalone/src/web-assets.ts). */
export const VIEWER_ELEMENT_ID = 'dispatch-viewer';

/**
 * Files the session and active organization the page was sent with into the cache, as if just read,
 * so the first screen's guards decide at once and its data is asked for without waiting on them. The
 * answers are parsed with the same schemas as the calls' own; one that does not parse is left out and
 * read from the server as usual. The block is removed once read.
 */
export function adoptEmbeddedViewer(queryClient: QueryClient, root: Document = document): void {
  const element = root.getElementById(VIEWER_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let embedded: { session?: unknown; organization?: unknown };
  try {
    embedded = JSON.parse(element.textContent ?? '');
  } catch {
    return;
  }
  if (typeof embedded !== 'object' || embedded === null || !('session' in embedded)) return;
  const session = sessionAnswerSchema.safeParse(embedded.session);
  if (!session.success) return;
  queryClient.setQueryData(sessionQueryKey, session.data ?? null);
  const organizationId = session.data?.session.activeOrganizationId;
  if (!organizationId || !('organization' in embedded)) return;
  const organization = fullOrganizationAnswerSchema.safeParse(embedded.organization);
  if (organization.success)
    queryClient.setQueryData(organizationKeys.active(organizationId), organization.data.data ?? null);
}
