import { randomUUID } from 'node:crypto';
import type { AuthService, Mailer, QuotaLedger, SmsSender } from '@dispatch/auth';
import { callerFirst, requireOrganization, takeQuotaOrRefuse } from '@dispatch/auth';
import {
  maskedEmail,
  maskedPhoneNumber,
  NO_PHONE_NUMBER_MESSAGE,
  pingAnswerSchema,
  pingInputSchema,
  type QuotaRule,
  SYSTEM_PINGED,
  TEST_MESSAGE_LIMIT,
  TEST_MESSAGE_WINDOW_MINUTES,
  type TestMessageChannel,
  testMessageAnswerSchema,
  testMessageInputSchema,
  testMessageLimitMessage,
} from '@dispatch/domain';
import { answers, HttpError, type RoutesPlugin } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import type { FastifyReply } from 'fastify';
import { systemPings } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';

export interface SystemCheckOptions {
  store: EventStore;
  auth: AuthService;
  mailer: Mailer;
  sms: SmsSender;
  /** Test messages count against the sending quotas, and against a few per user every few minutes. */
  quotas: QuotaLedger;
}

const sentAtWords = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/**
 * The system check of `/{orgSlug}/testing`, for anyone in the organization: a ping that goes the
 * whole way round (command, event store, projector, live push), and a test e-mail or text to the
 * signed-in user's own address or verified number, a few per user every few minutes.
 */
export function systemCheckRoutes(options: SystemCheckOptions): RoutesPlugin {
  const { store, auth, mailer, sms, quotas } = options;

  /**
   * Counts one test message of `channel` for the user (on the durable quota ledger, so a restart
   * forgets none), or refuses with 429 saying when to try again; answers how many are left.
   */
  async function takeTestMessage(
    reply: FastifyReply,
    channel: TestMessageChannel,
    actor: { orgId: string; userId: string },
  ): Promise<number> {
    const fewPerUser: QuotaRule = {
      scope: 'user',
      window: 'hour',
      windowMs: TEST_MESSAGE_WINDOW_MINUTES * 60_000,
      limit: TEST_MESSAGE_LIMIT,
      ledger: 'own',
      counts: (entry) => entry.kind === 'test' && entry.channel === channel && entry.userId === actor.userId,
      message: (_sent, resetAt) =>
        testMessageLimitMessage(channel, Math.ceil((resetAt.getTime() - Date.now()) / 1000)),
      code: 'RATE_LIMITED',
    };
    const taken = await takeQuotaOrRefuse(reply, quotas, {
      orgId: actor.orgId,
      userId: actor.userId,
      channel,
      kind: 'test',
      // Only ever the user's own address or verified number: the per-user limits are what bound it.
      receiver: null,
      extraRules: [fewPerUser],
    });
    return taken.remaining;
  }

  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireOrganization));
    const pinged = answers({ 202: pingAnswerSchema }, { body: pingInputSchema });
    app.post('/api/v1/testing/ping', pinged, async (request, reply) => {
      const actor = await requireOrganization(auth, request);
      const { pingId = randomUUID() } = request.body;
      // The answer says when the ping was sent: the time its event records.
      const at = new Date();
      // Nothing to decide: a ping is always accepted, so it is appended to its stream as it stands.
      const { position } = await handle(
        store,
        systemPings,
        actor.orgId,
        { type: SYSTEM_PINGED, data: { pingId, userId: actor.userId } },
        { ...commandContextOf(request, actor), now: () => at },
        { unconditional: true },
      );
      sendPosition(reply, { position });
      const sentAt = at.toISOString();
      return reply.status(202).send({ success: true, data: { pingId, position: String(position), sentAt } });
    });

    const testMessageSent = () => answers({ 202: testMessageAnswerSchema }, { body: testMessageInputSchema });
    app.post('/api/v1/testing/email', testMessageSent(), async (request, reply) => {
      const actor = await requireOrganization(auth, request);
      const to = actor.session.user.email;
      const remaining = await takeTestMessage(reply, 'email', actor);
      const at = new Date();
      try {
        await mailer.send({
          to,
          subject: 'Test e-mail from the system check',
          text: [
            `Hello ${actor.session.user.name},`,
            '',
            `You asked for this test e-mail on the system check page (${sentAtWords(at)}).`,
            'It reached you, so e-mail from the dispatch board (invitations, signing links) reaches you too.',
            '',
            'Nothing else to do.',
          ].join('\n'),
        });
      } catch (error) {
        request.log.error({ err: error, reqId: request.id }, 'test e-mail not sent');
        throw new HttpError(
          502,
          'MAIL_NOT_SENT',
          'The mail server did not take the test e-mail. Ask your administrator to check the mail settings.',
        );
      }
      return reply
        .status(202)
        .send({ success: true, data: { channel: 'email', sentTo: maskedEmail(to), remaining } });
    });

    app.post('/api/v1/testing/sms', testMessageSent(), async (request, reply) => {
      const actor = await requireOrganization(auth, request);
      const to = actor.session.user.phoneNumber;
      if (!to) throw new HttpError(400, 'NO_PHONE_NUMBER', NO_PHONE_NUMBER_MESSAGE);
      const remaining = await takeTestMessage(reply, 'sms', actor);
      try {
        await sms.send({
          to,
          text: `System check: this test text reached you (${sentAtWords(new Date())}). Nothing else to do.`,
        });
      } catch (error) {
        request.log.error({ err: error, reqId: request.id }, 'test text not sent');
        throw new HttpError(
          502,
          'SMS_NOT_SENT',
          'The text message gateway did not take the test text. Ask your administrator to check the SMS settings.',
        );
      }
      return reply
        .status(202)
        .send({ success: true, data: { channel: 'sms', sentTo: maskedPhoneNumber(to), remaining } });
    });
  };
}
