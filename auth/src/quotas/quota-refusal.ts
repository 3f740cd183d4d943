import { CORRELATION_ID_HEADER, type QuotaRefusal } from '@dispatch/domain';
import { HttpError } from '@dispatch/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QuotaClient, QuotaLedger, QuotaTakeRequest } from './quota-ledger.ts';

const USER_AGENT_MAX = 300;

/** Who sent the request, as every event of a command records it: the real client, bounded. */
export function quotaClientOf(request: FastifyRequest): QuotaClient {
  const correlation = request.headers[CORRELATION_ID_HEADER];
  const agent = request.headers['user-agent'];
  return {
    ...(typeof correlation === 'string' && correlation.length > 0 && correlation.length <= 100
      ? { correlationId: correlation }
      : {}),
    ...(request.ip ? { ip: request.ip } : {}),
    ...(typeof agent === 'string' && agent ? { userAgent: agent.slice(0, USER_AGENT_MAX) } : {}),
  };
}

/** The 429 of a send past a quota: the message names the quota and its reset, Retry-After says when. */
export function quotaRefused(reply: FastifyReply, refusal: QuotaRefusal): HttpError {
  reply.header('retry-after', String(refusal.retryAfterSeconds));
  return new HttpError(429, refusal.code, refusal.message);
}

/** Counts one send against the quotas, or answers 429 (nothing is counted then). */
export async function takeQuotaOrRefuse(reply: FastifyReply, ledger: QuotaLedger, request: QuotaTakeRequest) {
  const taken = await ledger.take({ client: quotaClientOf(reply.request), ...request });
  if (!taken.granted) throw quotaRefused(reply, taken.refusal);
  return taken;
}
