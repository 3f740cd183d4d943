import { describe, expect, it } from 'vitest';
import {
  type DomainError,
  decideEnvelope,
  type EnvelopeCommand,
  type EnvelopeEvent,
  type EnvelopeStatus,
  envelopeSendSchema,
  evolveEnvelope,
  initialEnvelopeState,
  REMINDER_INTERVAL_MS,
} from '../index.ts';

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

/** Events with the times they happened at (the decider's schedule reads them). */
const given = (events: (EnvelopeEvent | [EnvelopeEvent, number])[], orgId = 'org-a') =>
  events.reduce((state, item) => {
    const [event, offset] = Array.isArray(item) ? item : [item, 0];
    return evolveEnvelope(state, event, orgId, at(offset).toISOString());
  }, initialEnvelopeState());

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

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
    const events = decideEnvelope(
      {
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
      },
      given([]),
    );
    expect(events).toEqual([sent]);
  });

  it('records delivered on the first open only, and again after a resend', () => {
    expect(decideEnvelope(commands.open as EnvelopeCommand, given([sent]))).toEqual([delivered]);
    expect(decideEnvelope(commands.open as EnvelopeCommand, given([sent, delivered]))).toEqual([]);
    expect(
      decideEnvelope({ type: 'OpenEnvelope', data: receiver('h2') }, given([sent, delivered, resent])),
    ).toEqual([delivered]);
  });

  it('signs with delivered first when the link was never opened', () => {
    expect(decideEnvelope(commands.sign as EnvelopeCommand, given([sent]))).toEqual([delivered, completed]);
    expect(decideEnvelope(commands.sign as EnvelopeCommand, given([sent, delivered]))).toEqual([completed]);
  });

  // The transition table of the README: which command each status allows.
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
      const state = given(history);
      expect(state.status).toBe(status);
      for (const [name, outcome] of Object.entries(expected)) {
        const command = commands[name] as EnvelopeCommand;
        if (outcome === 'allowed') {
          expect(() => decideEnvelope(command, state), name).not.toThrow();
        } else {
          const error = refusal(() => decideEnvelope(command, state));
          expect([name, error.kind]).toEqual([name, outcome === 409 ? 'illegal_state' : 'gone']);
        }
      }
    });
  }

  it("answers another organization's envelope, and an unknown link, as not found", () => {
    expect(refusal(() => decideEnvelope(commands.void as EnvelopeCommand, given([sent], 'org-b'))).kind).toBe(
      'not_found',
    );
    expect(
      refusal(() => decideEnvelope({ type: 'OpenEnvelope', data: receiver('h-unknown') }, given([sent])))
        .kind,
    ).toBe('not_found');
    expect(refusal(() => decideEnvelope(commands.open as EnvelopeCommand, given([]))).kind).toBe('not_found');
  });

  it('cancels an expired envelope when its link is used after the expiry', () => {
    const late = receiver('h1', new Date(Date.parse(EXPIRES_AT) + 1));
    expect(decideEnvelope({ type: 'OpenEnvelope', data: late }, given([sent]))).toEqual([cancelled]);
    expect(
      decideEnvelope(
        { type: 'SignEnvelope', data: { ...late, signerName: 'x', signature: null } },
        given([sent]),
      ),
    ).toEqual([cancelled]);
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
    expect(decideEnvelope(sweep(day2 - 1), given([sent]))).toEqual([]);
    expect(decideEnvelope(sweep(day2), given([sent]))).toEqual([reminder(1, day2)[0]]);
    // Already reminded: a second sweep, or one after a restart, sends nothing.
    expect(decideEnvelope(sweep(day2 + 1000), given([sent, reminder(1, day2)]))).toEqual([]);
    expect(decideEnvelope(sweep(2 * day2), given([sent, reminder(1, day2)]))).toEqual([
      reminder(2, 2 * day2)[0],
    ]);
    const three = given([sent, reminder(1, day2), reminder(2, 2 * day2), reminder(3, 3 * day2)]);
    expect(decideEnvelope(sweep(10 * day2 - 1), three)).toEqual([]);
    // A resend starts the count again.
    const afterResend = given([
      sent,
      reminder(1, day2),
      reminder(2, 2 * day2),
      reminder(3, 3 * day2),
      [resent, 4 * day2],
    ]);
    expect(decideEnvelope(sweep(5 * day2), afterResend)).toEqual([reminder(1, 5 * day2)[0]]);
    // Closed envelopes are left alone; an expired one is cancelled.
    expect(decideEnvelope(sweep(day2), given([sent, voided]))).toEqual([]);
    expect(decideEnvelope(sweep(Date.parse(EXPIRES_AT) - Date.parse(SENT_AT)), three)).toEqual([cancelled]);
  });

  it('cancels an undeliverable envelope once, and never a closed one', () => {
    const command: EnvelopeCommand = {
      type: 'CancelUndeliverable',
      data: { envelopeId: ID, detail: 'bounced' },
    };
    expect(decideEnvelope(command, given([sent]))).toEqual([
      { type: 'EnvelopeCancelled', data: { envelopeId: ID, reason: 'delivery_failed', detail: 'bounced' } },
    ]);
    expect(decideEnvelope(command, given([sent, completed]))).toEqual([]);
  });
});
