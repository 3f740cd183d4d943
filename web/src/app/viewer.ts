import type { QueryClient } from '@tanstack/react-query';
import type { Viewer } from '../features/auth/guards';
import type { SessionView } from '../features/auth/types';
import { activeOrganizationQueryOptions } from '../features/organizations/api/get-active-organization';
import type { Organization } from '../features/organizations/types';
import { sessionQueryOptions } from '../lib/session';

export interface LoadedViewer {
  session: SessionView;
  organization: Organization | null;
  guard: Viewer;
}

/** The signed-in user and their active organization, from cache when fresh: what every guard decides on. */
export async function loadViewer(queryClient: QueryClient): Promise<LoadedViewer | null> {
  const session = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!session) return null;
  const organizationId = session.session.activeOrganizationId;
  const organization = organizationId
    ? await queryClient.ensureQueryData(activeOrganizationQueryOptions(organizationId))
    : null;
  return {
    session,
    organization,
    guard: { role: session.user.role, organizationSlug: organization?.slug ?? null },
  };
}
