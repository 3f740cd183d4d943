import type { InvitationRole, MemberRole } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateInvitations, invalidateMembers } from './organization-cache';

/** The member and invitation commands of the members page; each refreshes what it changed. */

const post = <T>(path: string, body: unknown) =>
  request<T>(`/api/v1/organization/${path}`, { method: 'POST', body });

export interface InviteResult {
  success: boolean;
  emailSent: boolean;
  data: { id: string; email: string };
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role: InvitationRole }) =>
      post<InviteResult>('invite-member', input),
    onSuccess: () => invalidateInvitations(queryClient),
  });
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { memberId: string; role: MemberRole }) => post('update-member-role', input),
    onSuccess: () => invalidateMembers(queryClient),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => post('remove-member', { memberId }),
    onSuccess: () => invalidateMembers(queryClient),
  });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => post('cancel-invitation', { invitationId }),
    onSuccess: () => invalidateInvitations(queryClient),
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => post<{ emailSent: boolean }>('resend-invitation', { invitationId }),
    onSuccess: () => invalidateInvitations(queryClient),
  });
}
