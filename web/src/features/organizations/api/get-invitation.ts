import {
  type InvitationLinkView,
  type InvitationView,
  invitationLinkAnswerSchema,
  invitationOneAnswerSchema,
} from '@dispatch/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError, request } from '../../../lib/api-client';
import { organizationKeys } from './organization-keys';

/** One invitation for its recipient; null when there is none for the signed-in address. */
export async function getInvitation(invitationId: string): Promise<InvitationView | null> {
  try {
    const response = await request('/api/v1/organization/get-invitation', {
      search: { id: invitationId },
      answer: invitationOneAnswerSchema,
    });
    return response.data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useInvitation(invitationId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: organizationKeys.invitation(invitationId),
      queryFn: () => getInvitation(invitationId),
      enabled,
    }),
  );
}

/** What an invitation's link shows before sign-in (who invites, where, to which address); null when it is no longer open. */
export async function getInvitationLink(invitationId: string): Promise<InvitationLinkView | null> {
  try {
    const response = await request('/api/v1/organization/get-invitation-link', {
      search: { id: invitationId },
      answer: invitationLinkAnswerSchema,
    });
    return response.data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useInvitationLink(invitationId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...organizationKeys.invitation(invitationId), 'link'],
      queryFn: () => getInvitationLink(invitationId),
    }),
  );
}
