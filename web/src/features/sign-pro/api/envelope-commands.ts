import {
  envelopeResentAnswerSchema,
  envelopeVoidedAnswerSchema,
  signingLinkAnswerSchema,
} from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateEnvelopes } from './envelope-cache';

const path = (envelopeId: string, action: string) =>
  `/api/v1/envelopes/${encodeURIComponent(envelopeId)}/${action}`;

/** POST /api/v1/envelopes/{envelopeId}/void: the receiver can no longer sign. */
export function voidEnvelope({ envelopeId, voidReason }: { envelopeId: string; voidReason: string | null }) {
  return request(path(envelopeId, 'void'), {
    method: 'POST',
    body: voidReason ? { voidReason } : {},
    answer: envelopeVoidedAnswerSchema,
  });
}

/** POST /api/v1/envelopes/{envelopeId}/resend: a new link by the same delivery method. */
export function resendEnvelope({ envelopeId }: { envelopeId: string }) {
  return request(path(envelopeId, 'resend'), { method: 'POST', answer: envelopeResentAnswerSchema });
}

/** POST /api/v1/envelopes/{envelopeId}/link: a fresh signing link for the sender to hand over. */
export function issueSigningLink({ envelopeId }: { envelopeId: string }) {
  return request(path(envelopeId, 'link'), { method: 'POST', answer: signingLinkAnswerSchema });
}

export function useVoidEnvelope() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: voidEnvelope, onSettled: () => invalidateEnvelopes(queryClient) });
}

export function useResendEnvelope() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendEnvelope, onSettled: () => invalidateEnvelopes(queryClient) });
}

export function useIssueSigningLink() {
  const queryClient = useQueryClient();
  // A new link is a new event of the envelope: its history shows it.
  return useMutation({ mutationFn: issueSigningLink, onSuccess: () => invalidateEnvelopes(queryClient) });
}
