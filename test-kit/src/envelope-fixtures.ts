import { randomUUID } from 'node:crypto';
import {
  type EnvelopeEvent,
  type EnvelopeSent,
  envelopeStream,
  expiryFrom,
  receiverActorId,
  type TemplateId,
} from '@dispatch/domain';
import { newEventId } from '@dispatch/storage';
import type { TestApp } from './test-support.ts';

/** A 1×1 PNG as a data URL: a drawn signature as small as one can be. */
export const TINY_PNG_SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const receiverClient = {
  ip: '198.51.100.23',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
};

type SentFields = Partial<Omit<EnvelopeSent['data'], 'envelopeId' | 'tokenHash'>>;

let nextNumber = 1;

/** The actor of the command side's sweeps (reminders, expiry). */
export const SYSTEM_ACTOR = 'system:sign-pro';

/**
 * Envelopes written to the event store as the command side writes them, but at chosen instants and
 * by chosen actors: the list's dates and sorts, and the history's times, need values a test can
 * name. The projector builds the read models from these events exactly as from commands.
 */
export class EnvelopeHistory {
  readonly #app: TestApp;
  readonly #orgId: string;
  readonly #revisions = new Map<string, bigint>();
  /** Position of the last event written, for `x-min-position`. */
  position = 0n;

  constructor(app: TestApp, orgId: string) {
    this.#app = app;
    this.#orgId = orgId;
  }

  async append(event: EnvelopeEvent, occurredAt: string, actorId: string) {
    const stream = envelopeStream(event.data.envelopeId);
    const result = await this.#app.infrastructure.eventStore.append(
      stream,
      [
        {
          id: newEventId(),
          type: event.type,
          data: event.data,
          metadata: {
            orgId: this.#orgId,
            actorId,
            correlationId: newEventId(),
            causationId: null,
            schemaVersion: 1,
            occurredAt,
          },
        },
      ],
      { expected: this.#revisions.get(stream) ?? 'no_stream' },
    );
    this.#revisions.set(stream, result.nextRevision);
    this.position = result.position;
    return result;
  }

  /** Waits until the read models reflect every event written so far. */
  async projected() {
    await this.#app.projector.waitFor(this.position, 5000);
  }

  /** Sends a new envelope (a driver's by e-mail unless told otherwise) and returns its id. */
  async send(fields: SentFields, at: string, by: string, envelopeId: string = randomUUID()): Promise<string> {
    const type = fields.type ?? 'driver';
    const templateId: TemplateId =
      fields.templateId ?? (type === 'driver' ? 'driver-onboarding-agreement' : 'client-agreement');
    const deliveryMethod = fields.deliveryMethod ?? 'email';
    await this.append(
      {
        type: 'EnvelopeSent',
        data: {
          envelopeId,
          id: nextNumber++,
          templateId,
          // Written at schema version 1, like every envelope sent before the template version was recorded.
          templateVersion: 1,
          type,
          deliveryMethod,
          receiverName: 'Rita Receiver',
          receiverEmail: deliveryMethod === 'email' ? 'rita@example.com' : null,
          receiverPhoneNumber: deliveryMethod === 'SMS' ? '3125550199' : null,
          organizationName: 'Envelope Freight',
          senderName: 'Sam Sender',
          expiresAt: expiryFrom(new Date(at), 30),
          ...fields,
          tokenHash: `token-hash-${randomUUID()}`,
        },
      },
      at,
      by,
    );
    return envelopeId;
  }

  resend(envelopeId: string, at: string, by: string) {
    return this.append(
      {
        type: 'EnvelopeResent',
        data: {
          envelopeId,
          tokenHash: `token-hash-${randomUUID()}`,
          expiresAt: expiryFrom(new Date(at), 30),
        },
      },
      at,
      by,
    );
  }

  issueLink(envelopeId: string, at: string, by: string) {
    return this.append(
      { type: 'SigningLinkIssued', data: { envelopeId, tokenHash: `token-hash-${randomUUID()}` } },
      at,
      by,
    );
  }

  remind(envelopeId: string, reminder: number, at: string, by = SYSTEM_ACTOR) {
    return this.append(
      {
        type: 'EnvelopeReminderSent',
        data: { envelopeId, reminder, tokenHash: `token-hash-${randomUUID()}` },
      },
      at,
      by,
    );
  }

  deliver(envelopeId: string, at: string) {
    return this.append(
      { type: 'EnvelopeDelivered', data: { envelopeId, ...receiverClient } },
      at,
      receiverActorId(envelopeId),
    );
  }

  complete(envelopeId: string, at: string, signerName = 'Rita Receiver', signature: string | null = null) {
    return this.append(
      { type: 'EnvelopeCompleted', data: { envelopeId, signerName, signature, ...receiverClient } },
      at,
      receiverActorId(envelopeId),
    );
  }

  reject(envelopeId: string, at: string, reason: string) {
    return this.append(
      { type: 'EnvelopeRejected', data: { envelopeId, reason, ...receiverClient } },
      at,
      receiverActorId(envelopeId),
    );
  }

  void(envelopeId: string, at: string, by: string, voidReason: string | null = null) {
    return this.append({ type: 'EnvelopeVoided', data: { envelopeId, voidReason } }, at, by);
  }

  cancel(
    envelopeId: string,
    at: string,
    reason: 'expired' | 'delivery_failed' = 'expired',
    by = SYSTEM_ACTOR,
  ) {
    return this.append({ type: 'EnvelopeCancelled', data: { envelopeId, reason, detail: null } }, at, by);
  }
}
