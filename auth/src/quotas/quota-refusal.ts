import type { QuotaRefusal } from '@dispatch/domain';
import { HttpError } from '@dispatch/http';
import type { FastifyReply } from 'fastify';
import type { QuotaLedger, QuotaTakeRequest } from './quota-ledger.ts';

/** The 429 of a send past a quota: the message names the quota and its reset, Retry-After says when. */
export function quotaRefused(reply: FastifyReply, refusal: QuotaRefusal): HttpError {
  reply.header('retry-after', String(refusal.retryAfterSeconds));
  return new HttpError(429, refusal.code, refusal.message);
}

/** Counts one send against the quotas, or answers 429 (nothing is counted then). */
export async function takeQuotaOrRefuse(reply: FastifyReply, ledger: QuotaLedger, request: QuotaTakeRequest) {
  const taken = await ledger.take(request);
  if (!taken.granted) throw quotaRefused(reply, taken.refusal);
  return taken;
}
