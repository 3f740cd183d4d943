import {
  acceptInvitationAnswerSchema,
  invitationCommandAnswerSchema,
  signUpAnswerSchema,
} from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { invalidateInvitations } from './organization-cache';
import { organizationKeys } from './organization-keys';

export type AcceptedInvitation = z.output<typeof acceptInvitationAnswerSchema>['data'];

/** Accepting makes the joined organization the session's active one: the session is read again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: string) => {
      const response = await request('/api/v1/organization/accept-invitation', {
        method: 'POST',
        body: { invitationId },
        answer: acceptInvitationAnswerSchema,
      });
      await refreshSession(queryClient);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      return response.data;
    },
  });
}

export function useRejectInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      request('/api/v1/organization/reject-invitation', {
        method: 'POST',
        body: { invitationId },
        answer: invitationCommandAnswerSchema,
      }),
    onSuccess: () => invalidateInvitations(queryClient),
  });
}

/** A new person creates their account from the invitation; the mailed link brings them back to it. */
export function signUpForInvitation(
  invitationId: string,
  input: { name: string; email: string; password: string },
): Promise<unknown> {
  return request('/api/auth/sign-up/email', {
    method: 'POST',
    body: { ...input, callbackURL: `/accept-invitation/${encodeURIComponent(invitationId)}` },
    answer: signUpAnswerSchema,
  });
}
