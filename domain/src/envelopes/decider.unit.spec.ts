import { describe, expect, it } from 'vitest';
import {
  type EnvelopeCommand,
  type EnvelopeEvent,
  type EnvelopeStatus,
  envelopeDecider,
  envelopeSendSchema,
  REMINDER_INTERVAL_MS,
} from '../index.ts';
import { DeciderSpecification, type GivenEvent } from '../shared/decider-specification.ts';

const ID = '11111111-1111-4111-8111-111111111111';
const SENT_AT = '2026-11-01T09:00:00.000Z';
const EXPIRES_AT = '2026-12-01T09:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(SENT_AT) + ms);
const client = { ip: '203.0.113.7', userAgent: 'Phone' };

const input = envelopeSendSchema.parse({
  type: 'driver',
  deliveryMethod: 'email',
  receiverName: 'Dana Driver',
  receiverEmail: 'dana@example.com',
});

const sent: EnvelopeEvent = {
  type: 'EnvelopeSent',
  data: {
    envelopeId: ID,
    id: 1,
    templateId: 'driver-onboarding-agreement',
    templateVersion: 2,
    type: 'driver',
    deliveryMethod: 'email',
    receiverName: 'Dana Driver',
    receiverEmail: 'dana@example.com',
    receiverPhoneNumber: null,
    organizationName: 'Acme',
    senderName: 'Sam',
    tokenHash: 'h1',
    expiresAt: EXPIRES_AT,
  },
};
const delivered: EnvelopeEvent = { type: 'EnvelopeDelivered', data: { envelopeId: ID, ...client } };
const completed: EnvelopeEvent = {
  type: 'EnvelopeCompleted',
  data: { envelopeId: ID, signerName: 'Dana', signature: null, ...client },
};
const rejected: EnvelopeEvent = {
  type: 'EnvelopeRejected',
  data: { envelopeId: ID, reason: 'No', ...client },
};
const voided: EnvelopeEvent = { type: 'EnvelopeVoided', data: { envelopeId: ID, voidReason: null } };
const cancelled: EnvelopeEvent = {
  type: 'EnvelopeCancelled',
  data: { envelopeId: ID, reason: 'expired', detail: null },
};
const resent: EnvelopeEvent = {
  type: 'EnvelopeResent',
  data: { envelopeId: ID, tokenHash: 'h2', expiresAt: EXPIRES_AT },
};

const spec = DeciderSpecification.for(envelopeDecider, { metadata: { orgId: 'org-a', occurredAt: SENT_AT } });

/** Events with the times they happened at (the decider's schedule reads them). */
const given = (events: (EnvelopeEvent | [EnvelopeEvent, number])[], orgId = 'org-a') =>
  spec.given(
    events.map((item): GivenEvent<EnvelopeEvent> => {
      const [event, offset] = Array.isArray(item) ? item : [item, 0];
      return { ...event, metadata: { orgId, occurredAt: at(offset).toISOString() } };
    }),
  );

const receiver = (tokenHash = 'h1', now = at(60_000)) => ({ envelopeId: ID, tokenHash, client, now });
const sender = { envelopeId: ID, orgId: 'org-a' };
const commands: Record<string, EnvelopeCommand> = {
  resend: { type: 'ResendEnvelope', data: { ...sender, tokenHash: 'h9', expiresAt: EXPIRES_AT } },
  link: { type: 'IssueSigningLink', data: { ...sender, tokenHash: 'h9' } },
  void: { type: 'VoidEnvelope', data: { ...sender, voidReason: null } },
  open: { type: 'OpenEnvelope', data: receiver() },
  sign: { type: 'SignEnvelope', data: { ...receiver(), signerName: 'Dana', signature: null } },
  reject: { type: 'RejectEnvelope', data: { ...receiver(), reason: 'No' } },
};

describe('envelope decider', () => {
  it('sends a new envelope', () => {
    given([])
      .when({
        type: 'SendEnvelope',
        data: {
          envelopeId: ID,
          id: 1,
          orgId: 'org-a',
          input,
          organizationName: 'Acme',
          senderName: 'Sam',
          tokenHash: 'h1',
          expiresAt: EXPIRES_AT,
        },
      })
      .then([sent]);
  });

  it('records delivered on the first open only, and again after a resend', () => {
    given([sent])
      .when(commands.open as EnvelopeCommand)
      .then([delivered]);
    given([sent, delivered])
      .when(commands.open as EnvelopeCommand)
      .then([]);
    given([sent, delivered, resent])
      .when({ type: 'OpenEnvelope', data: receiver('h2') })
      .then([delivered]);
  });

  it('signs with delivered first when the link was never opened', () => {
    given([sent])
      .when(commands.sign as EnvelopeCommand)
      .then([delivered, completed]);
    given([sent, delivered])
      .when(commands.sign as EnvelopeCommand)
      .then([completed]);
  });
  // The transition table of docs/decisions.md: which command each status allows.
  const table: [EnvelopeStatus, EnvelopeEvent[], Record<string, 'allowed' | 409 | 410>][] = [
    [
      'sent',
      [sent],
      {
        resend: 'allowed',
        link: 'allowed',
        void: 'allowed',
        open: 'allowed',
        sign: 'allowed',
        reject: 'allowed',
      },
    ],
    [
      'delivered',
      [sent, delivered],
      {
        resend: 'allowed',
        link: 'allowed',
        void: 'allowed',
        open: 'allowed',
        sign: 'allowed',
        reject: 'allowed',
      },
    ],
    [
      'resent',
      [sent, resent],
      {
        resend: 'allowed',
        link: 'allowed',
        void: 'allowed',
        open: 'allowed',
        sign: 'allowed',
        reject: 'allowed',
      },
    ],
    [
      'completed',
      [sent, delivered, completed],
      { resend: 409, link: 409, void: 409, open: 410, sign: 410, reject: 410 },
    ],
    ['rejected', [sent, rejected], { resend: 409, link: 409, void: 409, open: 410, sign: 410, reject: 410 }],
    ['voided', [sent, voided], { resend: 409, link: 409, void: 409, open: 410, sign: 410, reject: 410 }],
    [
      'cancelled',
      [sent, cancelled],
      { resend: 409, link: 409, void: 409, open: 410, sign: 410, reject: 410 },
    ],
  ];
  for (const [status, history, expected] of table) {
    it(`in status ${status}: ${JSON.stringify(expected)}`, () => {
      expect(given(history).state().status).toBe(status);
      for (const [name, outcome] of Object.entries(expected)) {
        const when = given(history).when(commands[name] as EnvelopeCommand, name);
        if (outcome === 'allowed') when.then(() => undefined);
        else when.thenThrows({ kind: outcome === 409 ? 'illegal_state' : 'gone' });
      }
    });
  }

  it("answers another organization's envelope, and an unknown link, as not found", () => {
    given([sent], 'org-b')
      .when(commands.void as EnvelopeCommand)
      .thenThrows({ kind: 'not_found' });
    given([sent])
      .when({ type: 'OpenEnvelope', data: receiver('h-unknown') })
      .thenThrows({ kind: 'not_found' });
    given([])
      .when(commands.open as EnvelopeCommand)
      .thenThrows({ kind: 'not_found' });
  });

  it('cancels an expired envelope when its link is used after the expiry', () => {
    const late = receiver('h1', new Date(Date.parse(EXPIRES_AT) + 1));
    given([sent]).when({ type: 'OpenEnvelope', data: late }).then([cancelled]);
    given([sent])
      .when({ type: 'SignEnvelope', data: { ...late, signerName: 'x', signature: null } })
      .then([cancelled]);
  });

  it('reminds on the schedule from the events: 2 days, then every 2 days, at most 3', () => {
    const sweep = (ms: number) => ({
      type: 'SweepEnvelope' as const,
      data: { envelopeId: ID, now: at(ms), tokenHash: 'r' },
    });
    const reminder = (n: number, ms: number): [EnvelopeEvent, number] => [
      { type: 'EnvelopeReminderSent', data: { envelopeId: ID, reminder: n, tokenHash: 'r' } },
      ms,
    ];
    const day2 = REMINDER_INTERVAL_MS;
    given([sent])
      .when(sweep(day2 - 1))
      .then([]);
    given([sent])
      .when(sweep(day2))
      .then([reminder(1, day2)[0]]);
    // Already reminded: a second sweep, or one after a restart, sends nothing.
    given([sent, reminder(1, day2)])
      .when(sweep(day2 + 1000))
      .then([]);
    given([sent, reminder(1, day2)])
      .when(sweep(2 * day2))
      .then([reminder(2, 2 * day2)[0]]);
    const three = given([sent, reminder(1, day2), reminder(2, 2 * day2), reminder(3, 3 * day2)]);
    three.when(sweep(10 * day2 - 1)).then([]);
    // A resend starts the count again.
    const afterResend = given([
      sent,
      reminder(1, day2),
      reminder(2, 2 * day2),
      reminder(3, 3 * day2),
      [resent, 4 * day2],
    ]);
    afterResend.when(sweep(5 * day2)).then([reminder(1, 5 * day2)[0]]);
    // Closed envelopes are left alone; an expired one is cancelled.
    given([sent, voided]).when(sweep(day2)).then([]);
    three.when(sweep(Date.parse(EXPIRES_AT) - Date.parse(SENT_AT))).then([cancelled]);
  });

  it('cancels an undeliverable envelope once, and never a closed one', () => {
    const command: EnvelopeCommand = {
      type: 'CancelUndeliverable',
      data: { envelopeId: ID, detail: 'bounced' },
    };
    given([sent])
      .when(command)
      .then([
        { type: 'EnvelopeCancelled', data: { envelopeId: ID, reason: 'delivery_failed', detail: 'bounced' } },
      ]);
    given([sent, completed]).when(command).then([]);
  });
});
