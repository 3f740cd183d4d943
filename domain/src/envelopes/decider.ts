import { type Decider, withView } from '../shared/decider.ts';
import { assertNever, DomainError, illegalState, notFound } from '../shared/errors.ts';
import { type CancelReason, type EnvelopeStatus, isOpenEnvelopeStatus } from './enums.ts';
import type { EnvelopeEvent, ReceiverClient } from './events.ts';
import { nextReminderAt } from './schedule.ts';
import type { EnvelopeSendInput } from './schemas.ts';
import { CURRENT_TEMPLATE_VERSION, type TemplateId } from './templates.ts';
import { applyEnvelopeEvent, type Envelope } from './view.ts';

export interface OpenEnvelopeFacts {
  status: EnvelopeStatus;
  orgId: string;
  envelopeId: string;
  receiverName: string;
  /** Hashes of every signing link handed out; any of them opens the envelope while it is open. */
  tokenHashes: string[];
  expiresAt: string;
  lastSentAt: string;
  lastReminderAt: string | null;
  remindersSinceSend: number;
  cancelReason: CancelReason | null;
}

export type EnvelopeState = { status: 'none' } | OpenEnvelopeFacts;

type Receiver = { envelopeId: string; tokenHash: string; client: ReceiverClient; now: Date };

export type EnvelopeCommand =
  | {
      type: 'SendEnvelope';
      data: {
        envelopeId: string;
        id: number;
        orgId: string;
        input: EnvelopeSendInput & { templateId: TemplateId };
        organizationName: string;
        senderName: string;
        tokenHash: string;
        expiresAt: string;
      };
    }
  | {
      type: 'ResendEnvelope';
      data: { envelopeId: string; orgId: string; tokenHash: string; expiresAt: string };
    }
  | { type: 'IssueSigningLink'; data: { envelopeId: string; orgId: string; tokenHash: string } }
  | { type: 'VoidEnvelope'; data: { envelopeId: string; orgId: string; voidReason: string | null } }
  | { type: 'OpenEnvelope'; data: Receiver }
  | { type: 'SignEnvelope'; data: Receiver & { signerName: string; signature: string | null } }
  | { type: 'RejectEnvelope'; data: Receiver & { reason: string } }
  /** The product's own pass over an open envelope: a reminder when one is due, or the expiry. */
  | { type: 'SweepEnvelope'; data: { envelopeId: string; now: Date; tokenHash: string } }
  | { type: 'CancelUndeliverable'; data: { envelopeId: string; detail: string } };

/** A link whose envelope is closed: the signing routes answer 410 with what happened. */
export class EnvelopeClosedError extends DomainError {
  readonly status: EnvelopeStatus;
  constructor(status: EnvelopeStatus, message: string) {
    super('gone', message);
    this.status = status;
  }
}

export const initialEnvelopeState = (): EnvelopeState => ({ status: 'none' });

/**
 * The envelope's transitions (docs/decisions.md has them as a table):
 * sent/resent → delivered on the first open since the link was (re)sent; any open status →
 * resent, completed, rejected, voided or cancelled; completed, rejected, voided and cancelled are final.
 */
export function evolveEnvelope(
  state: EnvelopeState,
  event: EnvelopeEvent,
  orgId: string,
  at: string,
): EnvelopeState {
  if (event.type === 'EnvelopeSent') {
    return {
      status: 'sent',
      orgId,
      envelopeId: event.data.envelopeId,
      receiverName: event.data.receiverName,
      tokenHashes: [event.data.tokenHash],
      expiresAt: event.data.expiresAt,
      lastSentAt: at,
      lastReminderAt: null,
      remindersSinceSend: 0,
      cancelReason: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'EnvelopeResent':
      return {
        ...state,
        status: 'resent',
        tokenHashes: [...state.tokenHashes, event.data.tokenHash],
        expiresAt: event.data.expiresAt,
        lastSentAt: at,
        lastReminderAt: null,
        remindersSinceSend: 0,
      };
    case 'SigningLinkIssued':
      return { ...state, tokenHashes: [...state.tokenHashes, event.data.tokenHash] };
    case 'EnvelopeReminderSent':
      return {
        ...state,
        tokenHashes: [...state.tokenHashes, event.data.tokenHash],
        lastReminderAt: at,
        remindersSinceSend: state.remindersSinceSend + 1,
      };
    case 'EnvelopeDelivered':
      return { ...state, status: 'delivered' };
    case 'EnvelopeCompleted':
      return { ...state, status: 'completed' };
    case 'EnvelopeRejected':
      return { ...state, status: 'rejected' };
    case 'EnvelopeVoided':
      return { ...state, status: 'voided' };
    case 'EnvelopeCancelled':
      return { ...state, status: 'cancelled', cancelReason: event.data.reason };
    default:
      return assertNever(event);
  }
}

/** Another organization's envelope, or none: the same words, so that ids disclose nothing. */
export const ENVELOPE_NOT_FOUND = 'Envelope not found';

function assertOwnEnvelope(state: EnvelopeState, orgId: string): OpenEnvelopeFacts {
  // Another organization's envelope is reported exactly like a missing one.
  if (state.status === 'none' || state.orgId !== orgId) throw notFound(ENVELOPE_NOT_FOUND);
  return state;
}

const finalMessages: Record<Exclude<EnvelopeStatus, 'sent' | 'resent' | 'delivered'>, string> = {
  completed: 'The envelope is already signed',
  rejected: 'The envelope was declined by its receiver',
  voided: 'The envelope is voided',
  cancelled: 'The envelope is cancelled',
};

function assertOpenForSender(state: OpenEnvelopeFacts, action: string): void {
  if (!isOpenEnvelopeStatus(state.status)) {
    const status = state.status as keyof typeof finalMessages;
    throw illegalState(`${finalMessages[status]}: it cannot be ${action}`);
  }
}

/** What the receiver's link says about a closed envelope. */
export function closedEnvelopeMessage(status: EnvelopeStatus, cancelReason?: string | null): string {
  switch (status) {
    case 'completed':
      return 'This document has already been signed.';
    case 'rejected':
      return 'This document was declined.';
    case 'voided':
      return 'The sender voided this envelope. There is nothing left to sign.';
    case 'cancelled':
      return cancelReason === 'expired'
        ? 'This signing link has expired. Ask the sender for a new one.'
        : 'This envelope was cancelled. Ask the sender for a new one.';
    default:
      return 'This envelope is open.';
  }
}

const isExpired = (state: OpenEnvelopeFacts, now: Date) => now.getTime() >= Date.parse(state.expiresAt);

/** The receiver's link: an unknown token is not found; a closed envelope is gone. */
function assertReceiver(state: EnvelopeState, data: Receiver): OpenEnvelopeFacts {
  if (state.status === 'none' || !state.tokenHashes.includes(data.tokenHash)) {
    throw notFound('This signing link is not valid');
  }
  if (!isOpenEnvelopeStatus(state.status))
    throw new EnvelopeClosedError(state.status, closedEnvelopeMessage(state.status, state.cancelReason));
  return state;
}

const expired = (envelopeId: string): EnvelopeEvent => ({
  type: 'EnvelopeCancelled',
  data: { envelopeId, reason: 'expired', detail: null },
});

function deliveredFirst(state: OpenEnvelopeFacts, data: Receiver): EnvelopeEvent[] {
  return state.status === 'delivered'
    ? []
    : [{ type: 'EnvelopeDelivered', data: { envelopeId: data.envelopeId, ...data.client } }];
}

export function decideEnvelope(command: EnvelopeCommand, state: EnvelopeState): EnvelopeEvent[] {
  switch (command.type) {
    case 'SendEnvelope': {
      if (state.status !== 'none') throw illegalState(`Envelope ${command.data.envelopeId} already exists`);
      const { input, envelopeId, id, organizationName, senderName, tokenHash, expiresAt } = command.data;
      return [
        {
          type: 'EnvelopeSent',
          data: {
            envelopeId,
            id,
            templateId: input.templateId,
            templateVersion: CURRENT_TEMPLATE_VERSION,
            type: input.type,
            deliveryMethod: input.deliveryMethod,
            receiverName: input.receiverName,
            receiverEmail: input.receiverEmail,
            receiverPhoneNumber: input.receiverPhoneNumber,
            organizationName,
            senderName,
            tokenHash,
            expiresAt,
          },
        },
      ];
    }
    case 'ResendEnvelope': {
      const current = assertOwnEnvelope(state, command.data.orgId);
      assertOpenForSender(current, 'resent');
      const { envelopeId, tokenHash, expiresAt } = command.data;
      return [{ type: 'EnvelopeResent', data: { envelopeId, tokenHash, expiresAt } }];
    }
    case 'IssueSigningLink': {
      const current = assertOwnEnvelope(state, command.data.orgId);
      assertOpenForSender(current, 'given a new link');
      const { envelopeId, tokenHash } = command.data;
      return [{ type: 'SigningLinkIssued', data: { envelopeId, tokenHash } }];
    }
    case 'VoidEnvelope': {
      const current = assertOwnEnvelope(state, command.data.orgId);
      assertOpenForSender(current, 'voided');
      const { envelopeId, voidReason } = command.data;
      return [{ type: 'EnvelopeVoided', data: { envelopeId, voidReason } }];
    }
    case 'OpenEnvelope': {
      const current = assertReceiver(state, command.data);
      if (isExpired(current, command.data.now)) return [expired(current.envelopeId)];
      return deliveredFirst(current, command.data);
    }
    case 'SignEnvelope': {
      const current = assertReceiver(state, command.data);
      if (isExpired(current, command.data.now)) return [expired(current.envelopeId)];
      const { envelopeId, signerName, signature, client } = command.data;
      return [
        ...deliveredFirst(current, command.data),
        { type: 'EnvelopeCompleted', data: { envelopeId, signerName, signature, ...client } },
      ];
    }
    case 'RejectEnvelope': {
      const current = assertReceiver(state, command.data);
      if (isExpired(current, command.data.now)) return [expired(current.envelopeId)];
      const { envelopeId, reason, client } = command.data;
      return [
        ...deliveredFirst(current, command.data),
        { type: 'EnvelopeRejected', data: { envelopeId, reason, ...client } },
      ];
    }
    case 'SweepEnvelope': {
      // Decided from the events alone: a sweep that runs twice, or after a restart, finds the
      // reminder already recorded and sends nothing.
      if (state.status === 'none' || !isOpenEnvelopeStatus(state.status)) return [];
      const { envelopeId, now, tokenHash } = command.data;
      if (isExpired(state, now)) return [expired(envelopeId)];
      const due = nextReminderAt(state);
      if (due === null || now.getTime() < Date.parse(due)) return [];
      return [
        {
          type: 'EnvelopeReminderSent',
          data: { envelopeId, reminder: state.remindersSinceSend + 1, tokenHash },
        },
      ];
    }
    case 'CancelUndeliverable': {
      if (state.status === 'none' || !isOpenEnvelopeStatus(state.status)) return [];
      const { envelopeId, detail } = command.data;
      return [{ type: 'EnvelopeCancelled', data: { envelopeId, reason: 'delivery_failed', detail } }];
    }
    default:
      return assertNever(command);
  }
}

export const envelopeDecider: Decider<EnvelopeState, EnvelopeCommand, EnvelopeEvent> = {
  initialState: initialEnvelopeState,
  evolve: (state, event) => evolveEnvelope(state, event, event.metadata.orgId, event.metadata.occurredAt),
  decide: decideEnvelope,
};

/** The envelope decider whose state also holds the envelope as the product shows it, for a command's answer. */
export const envelopeCommandDecider = withView<EnvelopeState, EnvelopeCommand, EnvelopeEvent, Envelope>(
  envelopeDecider,
  applyEnvelopeEvent,
);
