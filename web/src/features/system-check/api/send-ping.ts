import { type PingAnswer, pingAnswerSchema } from '@dispatch/domain';
import { request } from '../../../lib/api-client';

/** Appends a ping whose push will carry `pingId` back to this organization's live connections. */
export async function sendPing(pingId: string): Promise<PingAnswer> {
  return (
    await request('/api/v1/testing/ping', { method: 'POST', body: { pingId }, answer: pingAnswerSchema })
  ).data;
}
