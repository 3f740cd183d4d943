import { join as joinPath } from 'node:path';
import { readOutbox, readSmsOutbox } from '@dispatch/auth';
import { envelopeStream, MAX_REMINDERS, REMINDER_INTERVAL_MS } from '@dispatch/domain';
import {
  command,
  join,
  ownerWithOrganization,
  padSignature,
  query,
  startTestApp,
  type TestApp,
} from '@dispatch/test-kit';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSweeper } from './envelope-sweeper.ts';
import { hashSigningToken } from './signing-token.ts';

const DAY = 86_400_000;
let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let stranger: Awaited<ReturnType<typeof ownerWithOrganization>>;
let member: { cookie: string; memberId: string };
let memberPlus: { cookie: string; memberId: string };

const outbox = () => joinPath(app.dataDir, 'outbox');

async function send(cookie: string, path: string, payload: unknown = {}, method: 'POST' | 'GET' = 'POST') {
  const response = await app.app.inject({
    method,
    url: path,
    headers: { cookie, origin: app.url, 'user-agent': 'EnvelopeTest/1.0' },
    ...(method === 'POST' ? { payload: payload as object } : {}),
  });
  const position = response.headers['x-event-position'];
  if (typeof position === 'string') await app.projector.waitFor(BigInt(position), 5000);
  return response;
}

const driver = (receiverEmail: string, receiverName = 'Dana Driver') => ({
  type: 'driver',
  deliveryMethod: 'email',
  receiverName,
  receiverEmail,
});

async function sendEnvelope(payload: Record<string, unknown>, cookie = owner.cookie) {
  const response = await send(cookie, '/api/v1/envelopes', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().envelope as { envelopeId: string; envelopeStatus: string; id: number };
}

/** The signing link of the newest message to `to`, as the receiver would click it. */
async function linkSentTo(to: string): Promise<string> {
  const mails = (await readOutbox(outbox())).filter((mail) => mail.to === to);
  const texts = mails.length
    ? mails.map((mail) => mail.text)
    : (await readSmsOutbox(outbox())).filter((sms) => sms.to === to).map((sms) => sms.text);
  const link = /https?:\/\/\S+\/sign\/(\S+)/.exec(texts.at(-1) ?? '')?.[1];
  if (!link) throw new Error(`no signing link sent to ${to}`);
  return decodeURIComponent(link);
}

const openLink = (token: string) =>
  app.app.inject({
    method: 'GET',
    url: `/api/v1/signing/${encodeURIComponent(token)}`,
    headers: { 'user-agent': 'ReceiverPhone/2.0' },
    remoteAddress: '203.0.113.7',
  });
const signLink = (token: string, payload: unknown) =>
  app.app.inject({
    method: 'POST',
    url: `/api/v1/signing/${encodeURIComponent(token)}/sign`,
    headers: { origin: app.url, 'user-agent': 'ReceiverPhone/2.0' },
    remoteAddress: '203.0.113.7',
    payload: payload as object,
  });
const rejectLink = (token: string, payload: unknown) =>
  app.app.inject({
    method: 'POST',
    url: `/api/v1/signing/${encodeURIComponent(token)}/reject`,
    headers: { origin: app.url },
    payload: payload as object,
  });

async function settle(response: LightMyRequestResponse) {
  const position = response.headers['x-event-position'];
  if (typeof position === 'string') await app.projector.waitFor(BigInt(position), 5000);
  return response;
}

async function eventTypes(envelopeId: string) {
  return (await app.infrastructure.eventStore.readStream(envelopeStream(envelopeId))).map(
    (event) => event.type,
  );
}

async function envelopeOf(envelopeId: string, cookie = owner.cookie) {
  return (await query(app, cookie, `/api/v1/envelopes/${envelopeId}`)).json().envelope;
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'envelope-owner@example.com', 'Signing Freight');
  stranger = await ownerWithOrganization(app, 'envelope-stranger@example.com', 'Other Freight');
  member = await join(app, owner.cookie, 'plain-member@example.com', 'member');
  const plus = await join(app, owner.cookie, 'plus-member@example.com', 'member');
  const promoted = await command(app, owner.cookie, 'update-member-role', {
    memberId: plus.memberId,
    role: 'memberPlus',
  });
  expect(promoted.statusCode, promoted.body).toBe(200);
  memberPlus = plus;
});
afterAll(() => app.stop());

describe('sending an envelope', () => {
  it('sends by e-mail with a link whose secret is stored only as a hash', async () => {
    const envelope = await sendEnvelope(driver('dana@example.com'));
    expect(envelope).toMatchObject({
      envelopeStatus: 'sent',
      type: 'driver',
      templateId: 'driver-onboarding-agreement',
      deliveryMethod: 'email',
      receiverEmail: 'dana@example.com',
      receiverPhoneNumber: null,
      isActive: true,
      signedOn: null,
      organizationId: owner.organization.id,
      organizationName: 'Signing Freight',
    });
    expect(envelope.id).toBeGreaterThan(0);
    const token = await linkSentTo('dana@example.com');
    expect(token.startsWith(`${envelope.envelopeId}.`)).toBe(true);
    expect(token.length - envelope.envelopeId.length - 1).toBeGreaterThanOrEqual(43);
    const [sent] = await app.infrastructure.eventStore.readStream(envelopeStream(envelope.envelopeId));
    const stored = JSON.stringify(sent?.data);
    expect(stored).not.toContain(token.split('.')[1]);
    expect((sent?.data as { tokenHash?: string } | undefined)?.tokenHash).toBe(hashSigningToken(token));
  });

  it('sends by SMS to the receiver phone, and a Member+ may send', async () => {
    const response = await send(memberPlus.cookie, '/api/v1/envelopes', {
      type: 'client',
      deliveryMethod: 'SMS',
      receiverName: 'Carl Client',
      receiverPhoneNumber: '+13125550199',
      receiverEmail: 'ignored@example.com',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().envelope).toMatchObject({
      templateId: 'client-agreement',
      deliveryMethod: 'SMS',
      receiverPhoneNumber: '3125550199',
      receiverEmail: null,
    });
    const sms = (await readSmsOutbox(outbox())).filter((message) => message.to === '+13125550199');
    expect(sms.at(-1)?.text).toMatch(/Signing Freight sent you the Client agreement to sign: http/);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const head = await app.infrastructure.eventStore.headPosition();
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { type: 'driver', deliveryMethod: 'email', receiverName: 'No Mail' },
        { receiverEmail: ['Receiver email is required for e-mail delivery'] },
      ],
      [
        { type: 'driver', deliveryMethod: 'SMS', receiverName: 'Bad Phone', receiverPhoneNumber: '12345' },
        { receiverPhoneNumber: ['Invalid US phone number. Must be 10 digits (with optional +1 prefix)'] },
      ],
      [
        { ...driver('x@example.com'), receiverName: 'N'.repeat(51) },
        { receiverName: ['Receiver name cannot be more than 50 characters'] },
      ],
      [
        { ...driver(`${'e'.repeat(45)}@example.com`) },
        { receiverEmail: ['Receiver email cannot be more than 50 characters'] },
      ],
      [
        { ...driver('x@example.com'), templateId: 'client-agreement' },
        { templateId: ['The Client agreement is not for driver envelopes'] },
      ],
      [{ ...driver('x@example.com'), type: 'carrier' }, { type: ['Type must be driver or client'] }],
      [{ ...driver('x@example.com'), organizationId: stranger.organization.id }, {}],
    ];
    for (const [payload, errors] of cases) {
      const response = await send(owner.cookie, '/api/v1/envelopes', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toMatchObject(errors);
    }
    expect(await app.infrastructure.eventStore.headPosition()).toBe(head);
  });

  it('is refused to a plain member, on every sender route', async () => {
    const envelope = await sendEnvelope(driver('member-case@example.com'));
    const routes: [string, 'GET' | 'POST'][] = [
      ['/api/v1/envelopes', 'POST'],
      ['/api/v1/envelopes', 'GET'],
      ['/api/v1/envelopes/counts', 'GET'],
      [`/api/v1/envelopes/${envelope.envelopeId}`, 'GET'],
      [`/api/v1/envelopes/${envelope.envelopeId}/history`, 'GET'],
      [`/api/v1/envelopes/${envelope.envelopeId}/document`, 'GET'],
      [`/api/v1/envelopes/${envelope.envelopeId}/void`, 'POST'],
      [`/api/v1/envelopes/${envelope.envelopeId}/resend`, 'POST'],
      [`/api/v1/envelopes/${envelope.envelopeId}/link`, 'POST'],
    ];
    for (const [path, method] of routes) {
      const response = await send(
        member.cookie,
        path,
        method === 'POST' ? driver('m@example.com') : undefined,
        method,
      );
      expect([path, method, response.statusCode], response.body).toEqual([path, method, 403]);
      expect(response.json().message).toBe('Only owners, admins and Member+ may use sign-pro');
    }
    expect((await envelopeOf(envelope.envelopeId)).envelopeStatus).toBe('sent');
  });

  it("answers another organization's envelope as not found and changes nothing", async () => {
    const envelope = await sendEnvelope(driver('tenant@example.com'));
    for (const action of ['void', 'resend', 'link']) {
      const response = await send(stranger.cookie, `/api/v1/envelopes/${envelope.envelopeId}/${action}`, {});
      expect([action, response.statusCode]).toEqual([action, 404]);
    }
    expect((await query(app, stranger.cookie, `/api/v1/envelopes/${envelope.envelopeId}`)).statusCode).toBe(
      404,
    );
    expect(await eventTypes(envelope.envelopeId)).toEqual(['EnvelopeSent']);
  });
});

describe('the receiver signing', () => {
  it('records delivered on the first open only, then completed with the signature, and closes the link', async () => {
    const envelope = await sendEnvelope(driver('signer@example.com', 'Sam Signer'));
    const token = await linkSentTo('signer@example.com');
    const opened = await settle(await openLink(token));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      envelope: {
        envelopeStatus: 'delivered',
        receiverName: 'Sam Signer',
        organizationName: 'Signing Freight',
      },
      document: { title: 'Driver onboarding agreement' },
    });
    expect(JSON.stringify(opened.json().document)).toContain('Sam Signer');
    await settle(await openLink(token));
    expect(await eventTypes(envelope.envelopeId)).toEqual(['EnvelopeSent', 'EnvelopeDelivered']);
    expect((await envelopeOf(envelope.envelopeId)).envelopeStatus).toBe('delivered');

    const signature = padSignature();
    const signed = await settle(await signLink(token, { signerName: 'Sam Signer', signature }));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().envelope.envelopeStatus).toBe('completed');
    const record = await envelopeOf(envelope.envelopeId);
    expect(record).toMatchObject({ envelopeStatus: 'completed', isActive: false, signerName: 'Sam Signer' });
    expect(record.signedOn).not.toBeNull();
    const events = await app.infrastructure.eventStore.readStream(envelopeStream(envelope.envelopeId));
    expect(events.at(-1)?.data).toMatchObject({
      ip: '203.0.113.7',
      userAgent: 'ReceiverPhone/2.0',
    });
    // The drawing is kept as the product re-encoded it: a PNG, never the bytes as sent.
    const kept = String((events.at(-1)?.data as { signature?: unknown } | undefined)?.signature);
    expect(kept).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(kept).not.toBe(signature);
    expect(events.at(-1)?.metadata.orgId).toBe(owner.organization.id);

    const again = await signLink(token, { signerName: 'Sam Signer' });
    expect([again.statusCode, again.json().message]).toEqual([410, 'This document has already been signed.']);
    expect((await openLink(token)).statusCode).toBe(410);
    const voided = await send(owner.cookie, `/api/v1/envelopes/${envelope.envelopeId}/void`, {});
    expect([voided.statusCode, voided.json().message]).toEqual([
      409,
      'The envelope is already signed: it cannot be voided',
    ]);
    expect((await send(owner.cookie, `/api/v1/envelopes/${envelope.envelopeId}/resend`, {})).statusCode).toBe(
      409,
    );
    expect((await send(owner.cookie, `/api/v1/envelopes/${envelope.envelopeId}/link`, {})).statusCode).toBe(
      409,
    );
    expect((await eventTypes(envelope.envelopeId)).length).toBe(3);
  });

  it('lets the receiver decline with a reason', async () => {
    const envelope = await sendEnvelope(driver('decliner@example.com'));
    const token = await linkSentTo('decliner@example.com');
    expect((await rejectLink(token, { reason: '' })).json().errors).toEqual({
      reason: ['Reason is required'],
    });
    const rejected = await settle(await rejectLink(token, { reason: 'Rates too low' }));
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await envelopeOf(envelope.envelopeId)).toMatchObject({
      envelopeStatus: 'rejected',
      rejectReason: 'Rates too low',
    });
    expect((await signLink(token, { signerName: 'Too Late' })).statusCode).toBe(410);
  });

  it('refuses a bad signature and an unknown or malformed link', async () => {
    await sendEnvelope(driver('careful@example.com'));
    const token = await linkSentTo('careful@example.com');
    const bad = await signLink(token, {
      signerName: 'Careful',
      signature: 'data:image/svg+xml;base64,PHN2Zz4=',
    });
    expect([bad.statusCode, bad.json().errors]).toEqual([
      400,
      { signature: ['Signature must be a PNG image'] },
    ]);
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await openLink(forged)).statusCode).toBe(404);
    expect((await openLink('not-a-token')).statusCode).toBe(404);
    expect((await openLink(`00000000-0000-4000-8000-000000000000.${'B'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('tells the receiver of a void on the same channel, and the old link is gone', async () => {
    const envelope = await sendEnvelope(driver('voided@example.com'));
    const token = await linkSentTo('voided@example.com');
    const voided = await send(owner.cookie, `/api/v1/envelopes/${envelope.envelopeId}/void`, {
      voidReason: 'Wrong person',
    });
    expect(voided.json()).toEqual({ success: true, voidedEnvelope: { envelopeId: envelope.envelopeId } });
    expect(await envelopeOf(envelope.envelopeId)).toMatchObject({
      envelopeStatus: 'voided',
      voidReason: 'Wrong person',
    });
    const notice = (await readOutbox(outbox())).filter((mail) => mail.to === 'voided@example.com').at(-1);
    expect(notice?.subject).toBe('Signing Freight voided the Driver onboarding agreement');
    const open = await openLink(token);
    expect([open.statusCode, open.json().message]).toEqual([
      410,
      'The sender voided this envelope. There is nothing left to sign.',
    ]);
    expect((await send(owner.cookie, `/api/v1/envelopes/${envelope.envelopeId}/void`, {})).statusCode).toBe(
      409,
    );
  });

  it('resends with a new link and a renewed expiry; every link handed out works until the envelope closes', async () => {
    const envelope = await sendEnvelope(driver('resent@example.com'));
    const first = await linkSentTo('resent@example.com');
    const before = await envelopeOf(envelope.envelopeId);
    const resent = await send(owner.cookie, `/api/v1/envelopes/${envelope.envelopeId}/resend`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({
      success: true,
      message: 'The envelope was sent again to resent@example.com',
    });
    expect(resent.json().envelope.envelopeStatus).toBe('resent');
    expect(resent.json().envelope.expiresAt >= before.expiresAt).toBe(true);
    const second = await linkSentTo('resent@example.com');
    expect(second).not.toBe(first);
    const copied = await send(owner.cookie, `/api/v1/envelopes/${envelope.envelopeId}/link`, {});
    expect(copied.statusCode, copied.body).toBe(200);
    const third = decodeURIComponent(new URL(copied.json().link).pathname.split('/').at(-1) ?? '');
    for (const token of [first, second, third]) expect((await openLink(token)).statusCode).toBe(200);
    expect((await signLink(third, { signerName: 'Rita Resent' })).statusCode).toBe(200);
    expect((await openLink(first)).statusCode).toBe(410);
  });
});

describe('the signing links under guessing', () => {
  it('limits each client address, counting the real client, not what it claims', async () => {
    const guess = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.app.inject({
        method: 'GET',
        url: `/api/v1/signing/00000000-0000-4000-8000-000000000000.${'G'.repeat(43)}`,
        remoteAddress,
        headers,
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 61; attempt++) {
      // A forged X-Forwarded-For does not make a new client: no proxy is trusted here.
      statuses.push((await guess('198.51.100.99', { 'x-forwarded-for': `10.9.0.${attempt}` })).statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    const limited = await guess('198.51.100.99');
    expect([statuses[60], limited.statusCode, limited.json().code]).toEqual([429, 429, 'RATE_LIMITED']);
    expect((await guess('198.51.100.100')).statusCode).toBe(404);
  });
});

describe('reminders and expiry, on a controlled clock', () => {
  it('reminds 2 days after sending, then every 2 days, at most 3 times, never twice, then expires', async () => {
    const envelope = await sendEnvelope(driver('slow@example.com'));
    const sentAt = Date.parse((await envelopeOf(envelope.envelopeId)).createdAt);
    const sweeper = envelopeSweeper({
      store: app.infrastructure.eventStore,
      documents: app.infrastructure.documents,
      mailer: app.infrastructure.mailer,
      sms: app.infrastructure.sms,
      publicUrl: app.url,
      clock: () => new Date(),
      log: { error: () => undefined },
    });
    const sweepAt = async (at: number) => {
      await sweeper.sweep(new Date(at));
      await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    };
    const reminders = async () =>
      (await eventTypes(envelope.envelopeId)).filter((type) => type === 'EnvelopeReminderSent').length;

    await sweepAt(sentAt + REMINDER_INTERVAL_MS - 60_000);
    expect(await reminders()).toBe(0);
    await sweepAt(sentAt + REMINDER_INTERVAL_MS + 60_000);
    await sweepAt(sentAt + REMINDER_INTERVAL_MS + 60_000);
    expect(await reminders()).toBe(1);
    const reminder = (await readOutbox(outbox())).filter((mail) => mail.to === 'slow@example.com').at(-1);
    expect(reminder?.subject).toMatch(/^Reminder: Signing Freight is waiting for your signature/);
    expect((await openLink(await linkSentTo('slow@example.com'))).statusCode).toBe(200);

    await sweepAt(sentAt + 2 * REMINDER_INTERVAL_MS + 120_000);
    await sweepAt(sentAt + 3 * REMINDER_INTERVAL_MS + 180_000);
    await sweepAt(sentAt + 4 * REMINDER_INTERVAL_MS + 240_000);
    await sweepAt(sentAt + 5 * REMINDER_INTERVAL_MS + 300_000);
    expect(await reminders()).toBe(MAX_REMINDERS);
    expect((await envelopeOf(envelope.envelopeId)).nextReminderAt).toBeNull();

    await sweepAt(sentAt + 30 * DAY + 1000);
    expect(await envelopeOf(envelope.envelopeId)).toMatchObject({
      envelopeStatus: 'cancelled',
      cancelReason: 'expired',
    });
    const open = await openLink(await linkSentTo('slow@example.com'));
    expect([open.statusCode, open.json().message]).toEqual([
      410,
      'This signing link has expired. Ask the sender for a new one.',
    ]);
  });
});

describe('delivery that fails for good', () => {
  it('cancels the envelope and says so', async () => {
    const failing = await startTestApp({ env: { SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' } });
    try {
      const sender = await ownerWithOrganization(failing, 'failing-owner@example.com', 'Failing Freight');
      const response = await failing.app.inject({
        method: 'POST',
        url: '/api/v1/envelopes',
        headers: { cookie: sender.cookie, origin: failing.url },
        payload: {
          type: 'driver',
          deliveryMethod: 'SMS',
          receiverName: 'Nobody',
          receiverPhoneNumber: '3125550100',
        },
      });
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json().code).toBe('DELIVERY_FAILED');
      await failing.projector.waitFor(await failing.infrastructure.eventStore.headPosition(), 5000);
      const list = await query(failing, sender.cookie, '/api/v1/envelopes');
      expect(list.json().data[0]).toMatchObject({
        envelopeStatus: 'cancelled',
        cancelReason: 'delivery_failed',
      });
    } finally {
      await failing.stop();
    }
  });
});
