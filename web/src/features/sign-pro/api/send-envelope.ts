import { type EnvelopeAnswer, type EnvelopeSendInput, envelopeOneAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateEnvelopes } from './envelope-cache';

/** The body of POST /api/v1/envelopes: only the contact of the delivery method used. */
export function sendEnvelopeBody(input: EnvelopeSendInput) {
  return {
    type: input.type,
    deliveryMethod: input.deliveryMethod,
    receiverName: input.receiverName,
    ...(input.deliveryMethod === 'email'
      ? { receiverEmail: input.receiverEmail ?? undefined }
      : { receiverPhoneNumber: input.receiverPhoneNumber ?? undefined }),
    templateId: input.templateId,
  };
}

/** POST /api/v1/envelopes: sends the document to the receiver by e-mail or SMS. */
export async function sendEnvelope(input: EnvelopeSendInput): Promise<EnvelopeAnswer> {
  const answer = await request('/api/v1/envelopes', {
    method: 'POST',
    body: sendEnvelopeBody(input),
    answer: envelopeOneAnswerSchema,
  });
  return answer.envelope;
}

export function useSendEnvelope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEnvelope,
    onSuccess: () => void invalidateEnvelopes(queryClient),
  });
}
