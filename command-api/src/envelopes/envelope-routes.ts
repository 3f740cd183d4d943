import { randomUUID } from 'node:crypto';
import type { AuthService, QuotaLedger, QuotaTakeRequest } from '@dispatch/auth';
import {
  type ActorContext,
  callerFirst,
  requireEnvelopes,
  requireSignPro,
  takeQuotaOrRefuse,
} from '@dispatch/auth';
import {
  type Envelope,
  type EnvelopeCommand,
  type EnvelopeSendInput,
  envelopeIdParams,
  envelopeOneAnswerSchema,
  envelopeResentAnswerSchema,
  envelopeSendSchema,
  envelopeVoidedAnswerSchema,
  envelopeVoidSchema,
  expiryFrom,
  signingLinkAnswerSchema,
} from '@dispatch/domain';
import { answers, HttpError, openToKeys, type RoutesPlugin } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopes } from '../aggregates.ts';
import { type CommandContext, handle, readStreamState } from '../command-handler.ts';
import { loadOrganization, organizationTimeZone } from '../organizations/organization-store.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';
import { allocateId, envelopeIds } from '../sequence-ids.ts';
import { deliverToReceiver, type EnvelopeChannels } from './envelope-delivery.ts';
import { type SigningRequestKind, signingRequestMessage, voidedMessage } from './envelope-messages.ts';
import { newSigningToken, signingUrl } from './signing-token.ts';

export interface EnvelopeRoutesOptions extends EnvelopeChannels {
  store: EventStore;
  auth: AuthService;
  publicUrl: string;
  /** Days an envelope stays open after it is (re)sent. */
  envelopeExpiryDays: number;
  /** The time envelope commands are decided at (a test moves it). */
  clock: () => Date;
  /** Every send, resend and copied link counts against the sending quotas. */
  quotas: QuotaLedger;
}

const bodyless = z.object({}).strict();

/**
 * Records a new envelope under a newly allocated number and a new id, with its first signing link;
 * answers the link's token, which exists nowhere else (the caller delivers it).
 */
export async function sendEnvelope(
  store: EventStore,
  context: CommandContext,
  details: { input: EnvelopeSendInput; organizationName: string; senderName: string; expiresAt: string },
) {
  const id = await allocateId(store, envelopeIds, context);
  const envelopeId = randomUUID();
  const { token, tokenHash } = newSigningToken(envelopeId);
  const result = await handle(
    store,
    envelopes,
    envelopeId,
    { type: 'SendEnvelope', data: { envelopeId, id, orgId: context.orgId, tokenHash, ...details } },
    context,
    { create: true },
  );
  return { result, token };
}

/**
 * The sender's commands: send, resend, void, and a fresh link to copy. A message that cannot be
 * delivered after its retries cancels the envelope (the receiver could never sign it), and the
 * answer says so; the events already appended stay, so nothing accepted is lost.
 */
export function envelopeRoutes(options: EnvelopeRoutesOptions): RoutesPlugin {
  const { store, auth, publicUrl, envelopeExpiryDays, clock, quotas } = options;

  const contextOf = (request: FastifyRequest, actor: ActorContext): CommandContext => ({
    ...commandContextOf(request, actor),
    now: clock,
  });

  /**
   * Runs a resend or a new link, counted against the quotas: the command is decided on the envelope
   * as it stands first, so a refused one (another organization's, a closed envelope) answers as before
   * and counts nothing; an accepted one is counted (429 before anything is recorded when past a
   * quota), then run, and the count is given back if it fails after all.
   */
  async function withQuota(
    reply: FastifyReply,
    actor: ActorContext,
    command: EnvelopeCommand & { type: 'ResendEnvelope' | 'IssueSigningLink' },
    context: CommandContext,
  ) {
    const { envelopeId } = command.data;
    const { state } = await readStreamState(store, envelopes.stream(envelopeId), envelopes.decider);
    const envelope = state.view;
    if (
      state.decision.status === 'none' ||
      state.decision.orgId !== actor.orgId ||
      !envelope ||
      envelopes.decider.decide(command, state).length === 0
    )
      return handle(store, envelopes, envelopeId, command, context);
    const sms = envelope.deliveryMethod === 'SMS';
    const taken = await takeQuotaOrRefuse(reply, quotas, {
      orgId: actor.orgId,
      userId: actor.userId,
      channel: command.type === 'IssueSigningLink' ? 'link' : sms ? 'sms' : 'email',
      kind: command.type === 'IssueSigningLink' ? 'link' : 'resend',
      receiver: (sms ? envelope.receiverPhoneNumber : envelope.receiverEmail) ?? null,
    });
    try {
      return await handle(store, envelopes, envelopeId, command, context);
    } catch (error) {
      await taken.release();
      throw error;
    }
  }

  /** Sends the signing request; on failure cancels the envelope and answers 502. */
  async function deliverOrCancel(
    reply: FastifyReply,
    context: CommandContext,
    envelope: Envelope,
    token: string,
    kind: SigningRequestKind,
  ) {
    try {
      await deliverToReceiver(
        options,
        envelope,
        signingRequestMessage(
          envelope,
          signingUrl(publicUrl, token),
          kind,
          await organizationTimeZone(store, envelope.organizationId),
        ),
      );
    } catch (error) {
      reply.log.error(
        { err: error, envelopeId: envelope.envelopeId },
        'signing request could not be delivered',
      );
      const cancelled = await handle(
        store,
        envelopes,
        envelope.envelopeId,
        {
          type: 'CancelUndeliverable',
          data: {
            envelopeId: envelope.envelopeId,
            detail: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
          },
        },
        context,
      );
      sendPosition(reply, cancelled);
      const channel = envelope.deliveryMethod === 'SMS' ? 'text message' : 'e-mail';
      throw new HttpError(
        502,
        'DELIVERY_FAILED',
        `The ${channel} could not be delivered, so the envelope was cancelled. Check the receiver's details and send it again.`,
      );
    }
  }

  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireEnvelopes));
    const sent = openToKeys(
      'envelopes',
      answers({ 201: envelopeOneAnswerSchema }, { body: envelopeSendSchema }),
    );
    app.post('/api/v1/envelopes', sent, async (request, reply) => {
      const actor = await requireEnvelopes(auth, request);
      const input = request.body;
      const context = contextOf(request, actor);
      const organization = await loadOrganization(store, actor.orgId);
      if (organization.status !== 'active') throw new HttpError(404, 'NOT_FOUND', 'Organization not found');
      const sms = input.deliveryMethod === 'SMS';
      const counted: QuotaTakeRequest = {
        orgId: actor.orgId,
        userId: actor.userId,
        channel: sms ? 'sms' : 'email',
        kind: 'envelope',
        receiver: (sms ? input.receiverPhoneNumber : input.receiverEmail) ?? null,
      };
      const taken = await takeQuotaOrRefuse(reply, quotas, counted);
      const { result, token } = await sendEnvelope(store, context, {
        input,
        organizationName: organization.name,
        // An API key sends in its organization's name.
        senderName: actor.via === 'session' ? actor.session.user.name : organization.name,
        expiresAt: expiryFrom(clock(), envelopeExpiryDays),
      }).catch(async (error: unknown) => {
        await taken.release();
        throw error;
      });
      sendPosition(reply, result);
      const envelope = result.state.view as Envelope;
      await deliverOrCancel(reply, context, envelope, token, 'sent');
      return reply.status(201).send({ success: true, envelope });
    });

    app.post(
      '/api/v1/envelopes/:envelopeId/resend',
      openToKeys(
        'envelopes',
        answers({ 200: envelopeResentAnswerSchema }, { params: envelopeIdParams, body: bodyless }),
      ),
      async (request, reply) => {
        const actor = await requireEnvelopes(auth, request);
        const { envelopeId } = request.params;
        const context = contextOf(request, actor);
        const { token, tokenHash } = newSigningToken(envelopeId);
        const result = await withQuota(
          reply,
          actor,
          {
            type: 'ResendEnvelope',
            data: {
              envelopeId,
              orgId: actor.orgId,
              tokenHash,
              expiresAt: expiryFrom(clock(), envelopeExpiryDays),
            },
          },
          context,
        );
        sendPosition(reply, result);
        const envelope = result.state.view as Envelope;
        await deliverOrCancel(reply, context, envelope, token, 'resent');
        const to =
          envelope.deliveryMethod === 'SMS' ? `+1${envelope.receiverPhoneNumber}` : envelope.receiverEmail;
        return { success: true, message: `The envelope was sent again to ${to}`, envelope };
      },
    );

    app.post(
      '/api/v1/envelopes/:envelopeId/void',
      openToKeys(
        'envelopes',
        answers({ 200: envelopeVoidedAnswerSchema }, { params: envelopeIdParams, body: envelopeVoidSchema }),
      ),
      async (request, reply) => {
        const actor = await requireEnvelopes(auth, request);
        const { envelopeId } = request.params;
        const { voidReason } = request.body;
        const result = await handle(
          store,
          envelopes,
          envelopeId,
          { type: 'VoidEnvelope', data: { envelopeId, orgId: actor.orgId, voidReason } },
          contextOf(request, actor),
        );
        sendPosition(reply, result);
        const envelope = result.state.view as Envelope;
        // The void stands whether or not the notice gets through: the link is dead either way.
        try {
          const timeZone = await organizationTimeZone(store, envelope.organizationId);
          await deliverToReceiver(options, envelope, voidedMessage(envelope, timeZone));
        } catch (error) {
          reply.log.error({ err: error, envelopeId }, 'void notice could not be delivered');
        }
        return { success: true, voidedEnvelope: { envelopeId } };
      },
    );

    app.post(
      '/api/v1/envelopes/:envelopeId/link',
      {
        ...answers({ 200: signingLinkAnswerSchema }, { params: envelopeIdParams, body: bodyless }),
        // A signing link is itself a credential: it is copied in the app, never handed to an API key.
        preValidation: callerFirst(auth, requireSignPro),
      },
      async (request, reply) => {
        const actor = await requireSignPro(auth, request);
        const { envelopeId } = request.params;
        const { token, tokenHash } = newSigningToken(envelopeId);
        const result = await withQuota(
          reply,
          actor,
          { type: 'IssueSigningLink', data: { envelopeId, orgId: actor.orgId, tokenHash } },
          contextOf(request, actor),
        );
        sendPosition(reply, result);
        const envelope = result.state.view as Envelope;
        return { success: true, link: signingUrl(publicUrl, token), expiresAt: envelope.expiresAt };
      },
    );
  };
}
