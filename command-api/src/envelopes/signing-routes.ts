import {
  closedEnvelopeMessage,
  type Envelope,
  EnvelopeClosedError,
  type EnvelopeCommand,
  envelopeRejectSchema,
  envelopeSignSchema,
  mergeDocument,
  notFound,
  type ReceiverClient,
  receiverActorId,
  signingDocumentAnswerSchema,
  signingDoneAnswerSchema,
} from '@dispatch/domain';
import { answers, HttpError, type RoutesPlugin } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopes } from '../aggregates.ts';
import { handle, newCommandContext } from '../command-handler.ts';
import { requestClientOf, sendPosition } from '../request-context.ts';
import { deletedOrganizationLinks } from './envelope-organization.ts';
import { closeSignaturePool, normalizedSignature, startSignaturePool } from './signature-image.ts';
import { readSigningToken } from './signing-token.ts';

export interface SigningRoutesOptions {
  store: EventStore;
  clock: () => Date;
  /** Requests per minute one client address may make to the signing routes; false turns the limit off. */
  signingRateLimit: number | false;
}

const USER_AGENT_MAX = 300;

/** Any text reads as a token here: one that is not a signing link is answered as not found, below. */
const signingLinkParams = z.object({ token: z.string() });

/** Where the receiver's request came from, for the signed copy's certificate. */
const clientOf = (request: FastifyRequest): ReceiverClient => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? 'unknown').slice(0, USER_AGENT_MAX),
});

const NOT_A_LINK = 'This signing link is not valid';

/**
 * The receiver's side, without an account: the link's token is the only credential. It is checked
 * against the hashes the envelope's events hold, so it dies with the envelope (410 once signed,
 * declined, voided, cancelled or expired); anything else is 404. Limited per client address, which
 * is the real client behind the trusted proxies only.
 */
export function signingRoutes(options: SigningRoutesOptions): RoutesPlugin {
  const { store, clock } = options;
  const refuseDeletedOrganization = deletedOrganizationLinks(store);

  async function receiverCommand(
    request: FastifyRequest,
    makeCommand: (link: {
      envelopeId: string;
      tokenHash: string;
      client: ReceiverClient;
      now: Date;
    }) => EnvelopeCommand,
  ) {
    const link = readSigningToken((request.params as { token?: unknown }).token);
    if (!link) throw notFound(NOT_A_LINK);
    await refuseDeletedOrganization(link);
    const now = clock();
    const command = makeCommand({ ...link, client: clientOf(request), now });
    // The receiver has no organization: the events take the envelope's own (see aggregates).
    const context = {
      ...newCommandContext({
        orgId: '',
        actorId: receiverActorId(link.envelopeId),
        ...requestClientOf(request),
      }),
      now: clock,
    };
    return handle(store, envelopes, link.envelopeId, command, context);
  }

  /** A command that found the envelope expired has cancelled it: the link is gone. */
  function assertStillOpen(envelope: Envelope | null, wanted: Envelope['envelopeStatus'][]): Envelope {
    if (!envelope) throw notFound(NOT_A_LINK);
    if (!wanted.includes(envelope.envelopeStatus)) {
      throw new EnvelopeClosedError(
        envelope.envelopeStatus,
        closedEnvelopeMessage(envelope.envelopeStatus, envelope.cancelReason),
      );
    }
    return envelope;
  }

  return async (app) => {
    app.addHook('onListen', async () => startSignaturePool());
    app.addHook('onClose', closeSignaturePool);
    if (options.signingRateLimit !== false) {
      await app.register(rateLimit, {
        max: options.signingRateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request) => request.ip,
        errorResponseBuilder: () =>
          new HttpError(
            429,
            'RATE_LIMITED',
            'Too many requests for signing links. Wait a minute and try again.',
          ),
      });
    }

    app.get(
      '/api/v1/signing/:token',
      // A HEAD request must not count as the receiver opening the document.
      {
        ...answers({ 200: signingDocumentAnswerSchema }, { params: signingLinkParams }),
        exposeHeadRoute: false,
      },
      async (request, reply) => {
        const result = await receiverCommand(request, (link) => ({ type: 'OpenEnvelope', data: link }));
        sendPosition(reply, result);
        const envelope = assertStillOpen(result.state.view, ['sent', 'resent', 'delivered']);
        return {
          success: true,
          envelope: {
            envelopeId: envelope.envelopeId,
            envelopeStatus: envelope.envelopeStatus,
            type: envelope.type,
            receiverName: envelope.receiverName,
            organizationName: envelope.organizationName,
            expiresAt: envelope.expiresAt,
          },
          document: mergeDocument(envelope.templateId, envelope.templateVersion, {
            organizationName: envelope.organizationName,
            receiverName: envelope.receiverName,
            receiverEmail: envelope.receiverEmail,
            receiverPhoneNumber: envelope.receiverPhoneNumber,
            sentAt: envelope.createdAt,
          }),
        };
      },
    );

    app.post(
      '/api/v1/signing/:token/sign',
      answers({ 200: signingDoneAnswerSchema }, { params: signingLinkParams, body: envelopeSignSchema }),
      async (request, reply) => {
        const input = request.body;
        // Bounded and re-encoded here, so the envelope's events only ever hold a plain, small image.
        const signature = await normalizedSignature(input.signature);
        const result = await receiverCommand(request, (link) => ({
          type: 'SignEnvelope',
          data: { ...link, signerName: input.signerName, signature },
        }));
        sendPosition(reply, result);
        const envelope = assertStillOpen(result.state.view, ['completed']);
        return {
          success: true,
          envelope: { envelopeId: envelope.envelopeId, envelopeStatus: envelope.envelopeStatus },
        };
      },
    );

    app.post(
      '/api/v1/signing/:token/reject',
      answers({ 200: signingDoneAnswerSchema }, { params: signingLinkParams, body: envelopeRejectSchema }),
      async (request, reply) => {
        const { reason } = request.body;
        const result = await receiverCommand(request, (link) => ({
          type: 'RejectEnvelope',
          data: { ...link, reason },
        }));
        sendPosition(reply, result);
        const envelope = assertStillOpen(result.state.view, ['rejected']);
        return {
          success: true,
          envelope: { envelopeId: envelope.envelopeId, envelopeStatus: envelope.envelopeStatus },
        };
      },
    );
  };
}
