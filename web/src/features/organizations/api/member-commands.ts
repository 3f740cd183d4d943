import {
  type InvitationRole,
  invitationCommandAnswerSchema,
  type MemberRole,
  memberCommandAnswerSchema,
  okAnswerSchema,
} from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AnswerSchema, request } from '../../../lib/api-client';
import { invalidateInvitations, invalidateMembers } from './organization-cache';

/** The member and invitation commands of the members page; each refreshes what it changed. */

const post = <S extends AnswerSchema>(path: string, body: unknown, answer: S) =>
  request(`/api/v1/organization/${path}`, { method: 'POST', body, answer });

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role: InvitationRole }) =>
      post('invite-member', input, invitationCommandAnswerSchema),
    onSuccess: () => invalidateInvitations(queryClient),
  });
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { memberId: string; role: MemberRole }) =>
      post('update-member-role', input, memberCommandAnswerSchema),
    onSuccess: () => invalidateMembers(queryClient),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => post('remove-member', { memberId }, okAnswerSchema),
    onSuccess: () => invalidateMembers(queryClient),
  });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      post('cancel-invitation', { invitationId }, invitationCommandAnswerSchema),
    onSuccess: () => invalidateInvitations(queryClient),
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      post('resend-invitation', { invitationId }, invitationCommandAnswerSchema),
    onSuccess: () => invalidateInvitations(queryClient),
  });
}
