import {
  type SigningDocumentAnswer,
  signingDocumentAnswerSchema,
  signingDoneAnswerSchema,
} from '@dispatch/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { isApiError, request } from '../../../lib/api-client';
import { signingKeys } from './envelope-keys';

/**
 * The receiver's side: public calls, no session. The token in the path is the only credential, so
 * it is never put anywhere else (no query string, no storage).
 */
const path = (token: string, action?: string) =>
  `/api/v1/signing/${encodeURIComponent(token)}${action ? `/${action}` : ''}`;

/** GET /api/v1/signing/{token}: the document to read and sign. 410 when closed, 404 when unknown. */
export function getSigningDocument(token: string, signal?: AbortSignal): Promise<SigningDocumentAnswer> {
  return request(path(token), { signal, answer: signingDocumentAnswerSchema });
}

export const signingDocumentQueryOptions = (token: string) =>
  queryOptions({
    queryKey: signingKeys.document(token),
    queryFn: ({ signal }) => getSigningDocument(token, signal),
    // Opening the link is what tells the sender it was delivered: once is enough, and a signed
    // envelope is not read again behind the receiver's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export interface SignInput {
  token: string;
  signerName: string;
  /** The drawn signature as a PNG data URL; null signs with the typed name alone. */
  signature: string | null;
}

/** POST /api/v1/signing/{token}/sign. */
export function signEnvelope({ token, signerName, signature }: SignInput) {
  return request(path(token, 'sign'), {
    method: 'POST',
    body: signature ? { signerName, signature } : { signerName },
    answer: signingDoneAnswerSchema,
  });
}

/** POST /api/v1/signing/{token}/reject. */
export function rejectEnvelope({ token, reason }: { token: string; reason: string }) {
  return request(path(token, 'reject'), {
    method: 'POST',
    body: { reason },
    answer: signingDoneAnswerSchema,
  });
}

export const useSignEnvelope = () => useMutation({ mutationFn: signEnvelope });
export const useRejectEnvelope = () => useMutation({ mutationFn: rejectEnvelope });

/** A link whose envelope is closed (410): signed, declined, voided, cancelled or expired. */
export const isGone = (error: unknown) => isApiError(error) && error.status === 410;
/** A link the server does not know (404), or one that is malformed (400). */
export const isInvalidLink = (error: unknown) =>
  isApiError(error) && (error.status === 404 || (error.status === 400 && error.code !== 'ANSWER_SHAPE'));
