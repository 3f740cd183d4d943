import { join as joinPath } from 'node:path';
import { readOutbox, readSmsOutbox } from '@dispatch/auth';
import {
  ownerWithOrganization,
  query,
  requestsWith,
  signIn,
  startTestApp,
  type TestApp,
} from '@dispatch/test-kit';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The sending quotas through the command API: what leaves the building is counted per organization,
 * per user and per receiver, durably and exactly under concurrency; past a quota the answer is 429
 * with the quota's words and Retry-After, and nothing is sent or recorded.
 */

const running: TestApp[] = [];
async function appWith(env: Record<string, string>) {
  const app = await startTestApp({ env: { QUOTA_YOUNG_ORGANIZATION_DAYS: '0', ...env } });
  running.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.stop()));
});

const envelopeTo = (receiverEmail: string) => ({
  type: 'client',
  deliveryMethod: 'email',
  receiverName: 'Quota Client',
  receiverEmail,
});

async function sendEnvelope(app: TestApp, cookie: string, receiverEmail: string) {
  return requestsWith(() => app)(cookie, 'POST', '/api/v1/envelopes', envelopeTo(receiverEmail), {
    origin: app.url,
  });
}

const mailsTo = async (app: TestApp, pattern: RegExp) =>
  (await readOutbox(joinPath(app.dataDir, 'outbox'))).filter((mail) => pattern.test(mail.to));

describe('envelope quotas', () => {
  it('keeps exactly N of 100 concurrent sends against an organization quota of N, and sends only those', async () => {
    const app = await appWith({ QUOTA_ORGANIZATION_EMAIL: '7/7' });
    const owner = await ownerWithOrganization(app, 'burst-owner@example.com', 'Burst Freight');

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, n) => sendEnvelope(app, owner.cookie, `burst-${n}@example.com`)),
    );

    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(7);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(93);
    expect(refused[0]?.json()).toMatchObject({ success: false, code: 'QUOTA_EXCEEDED' });
    expect(refused[0]?.json().message).toMatch(
      /^Your organization has sent 7 e-mail messages in the last hour \(its limit\); the next can be sent after (\w{3} \d+, )?\d\d:\d\d UTC\.$/,
    );
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await mailsTo(app, /^burst-/)).toHaveLength(7);
  });

  it('counts across a restart of the product on the same data', async () => {
    const env = { QUOTA_USER_EMAIL: '2/5', QUOTA_YOUNG_ORGANIZATION_DAYS: '0' };
    const first = await startTestApp({ env });
    const owner = await ownerWithOrganization(first, 'restart-owner@example.com', 'Restart Freight');
    for (const n of [1, 2])
      expect((await sendEnvelope(first, owner.cookie, `restart-${n}@example.com`)).statusCode).toBe(201);
    await first.close();

    const again = await startTestApp({ env, dataDir: first.dataDir });
    try {
      const answer = await again.app.inject({
        method: 'POST',
        url: '/api/v1/envelopes',
        headers: { cookie: owner.cookie, origin: first.url },
        payload: envelopeTo('restart-3@example.com'),
      });
      expect(answer.statusCode).toBe(429);
      expect(answer.json().message).toMatch(
        /^You have sent 2 e-mail messages in the last hour \(your limit\)/,
      );
    } finally {
      await again.stop();
    }
  });

  it('holds a young organization to the lower limits, and an older one to the usual', async () => {
    const young = await appWith({
      QUOTA_ORGANIZATION_EMAIL: '50/50',
      QUOTA_YOUNG_ORGANIZATION_EMAIL: '2/2',
      QUOTA_YOUNG_ORGANIZATION_DAYS: '3',
    });
    const owner = await ownerWithOrganization(young, 'young-owner@example.com', 'Young Freight');
    const answers = [];
    for (const n of [1, 2, 3])
      answers.push(await sendEnvelope(young, owner.cookie, `young-${n}@example.com`));

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 429]);
    expect(answers[2]?.json().message).toMatch(
      /^Your organization has sent 2 e-mail messages in the last hour \(the limit for an organization's first 3 days\)/,
    );

    const grown = await appWith({ QUOTA_ORGANIZATION_EMAIL: '50/50', QUOTA_YOUNG_ORGANIZATION_EMAIL: '2/2' });
    const older = await ownerWithOrganization(grown, 'older-owner@example.com', 'Older Freight');
    for (const n of [1, 2, 3])
      expect((await sendEnvelope(grown, older.cookie, `older-${n}@example.com`)).statusCode).toBe(201);
  });

  it('limits what one receiver is sent, and counts resends and copied links', async () => {
    const app = await appWith({ QUOTA_RECEIVER_EMAIL: '2/2', QUOTA_RECEIVER_LINK: '1/1' });
    const owner = await ownerWithOrganization(app, 'receiver-owner@example.com', 'Receiver Freight');
    const inject = requestsWith(() => app);
    const sent = await sendEnvelope(app, owner.cookie, 'one-receiver@example.com');
    const { envelopeId } = sent.json().envelope;
    const resend = () =>
      inject(owner.cookie, 'POST', `/api/v1/envelopes/${envelopeId}/resend`, {}, { origin: app.url });
    const link = () =>
      inject(owner.cookie, 'POST', `/api/v1/envelopes/${envelopeId}/link`, {}, { origin: app.url });

    const statuses = [(await resend()).statusCode, (await resend()).statusCode];
    const links = [(await link()).statusCode, (await link()).statusCode];

    expect(statuses).toEqual([200, 429]);
    expect(links).toEqual([200, 429]);
    expect(await mailsTo(app, /^one-receiver@/)).toHaveLength(2);
  });
});

describe('the platform admin', () => {
  it('sees an organization’s usage per channel and raises its limits, which the next send follows', async () => {
    const app = await appWith({ QUOTA_ORGANIZATION_EMAIL: '1/1' });
    await app.infrastructure.auth.createUser({
      email: 'quota-admin@example.com',
      password: 'correct-horse-battery',
      name: 'Quinn Admin',
      role: 'super_admin',
    });
    const admin = await signIn(app, 'quota-admin@example.com');
    const owner = await ownerWithOrganization(app, 'usage-owner@example.com', 'Usage Freight');
    const orgId = owner.organization.id;
    expect((await sendEnvelope(app, owner.cookie, 'usage-1@example.com')).statusCode).toBe(201);
    expect((await sendEnvelope(app, owner.cookie, 'usage-2@example.com')).statusCode).toBe(429);

    const usage = await query(app, admin, `/api/v1/admin/organizations/${orgId}/usage`);
    expect(usage.statusCode).toBe(200);
    expect(usage.json().data).toMatchObject({
      organizationId: orgId,
      custom: false,
      limits: { organization: { email: { hour: 1, day: 1 } } },
    });
    expect(usage.json().data.channels).toContainEqual({
      channel: 'email',
      lastHour: 1,
      lastDay: 1,
      skippedLastDay: 0,
    });
    expect((await query(app, owner.cookie, `/api/v1/admin/organizations/${orgId}/usage`)).statusCode).toBe(
      403,
    );

    const limits = {
      organization: {
        email: { hour: 10, day: 20 },
        sms: { hour: 5, day: 10 },
        link: { hour: 10, day: 20 },
      },
      user: { email: { hour: 10, day: 20 }, sms: { hour: 5, day: 10 }, link: { hour: 10, day: 20 } },
    };
    const put = (cookie: string, body: unknown) =>
      app.app.inject({
        method: 'POST',
        url: `/api/v1/admin/organizations/${orgId}/limits`,
        headers: { cookie, origin: app.url, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const head = await app.infrastructure.eventStore.headPosition();
    const refusedBody = await put(admin, { ...limits, user: { ...limits.user, sms: { hour: 9, day: 2 } } });
    expect(refusedBody.statusCode).toBe(400);
    expect(refusedBody.json().errors).toEqual({
      'user.sms.day': ["A day's limit cannot be lower than an hour's"],
    });
    expect((await put(owner.cookie, limits)).statusCode).toBe(403);
    expect(await app.infrastructure.eventStore.headPosition()).toBe(head);

    expect((await put(admin, limits)).statusCode).toBe(200);
    expect((await sendEnvelope(app, owner.cookie, 'usage-3@example.com')).statusCode).toBe(201);
    const after = (await query(app, admin, `/api/v1/admin/organizations/${orgId}/usage`)).json().data;
    expect(after).toMatchObject({ custom: true, limits });
    const [setEvent] = (await app.infrastructure.eventStore.readStream(`quotalimits-${orgId}`)).map(
      (event) => ({
        type: event.type,
        actorId: event.metadata.actorId,
      }),
    );
    expect(setEvent?.type).toBe('QuotaLimitsSet');
  });

  it('keeps quota entries out of the organization’s activity log', async () => {
    const app = await appWith({});
    const owner = await ownerWithOrganization(app, 'activity-owner@example.com', 'Activity Freight');
    await sendEnvelope(app, owner.cookie, 'activity-receiver@example.com');
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    const log = await query(app, owner.cookie, '/api/v1/activity?limit=100');
    expect(log.statusCode).toBe(200);
    const types = (log.json().data as { type: string }[]).map((entry) => entry.type);
    expect(types).toContain('EnvelopeSent');
    expect(types.filter((type) => type.startsWith('Quota'))).toEqual([]);
  });
});

describe('phone verification codes', () => {
  async function sendCode(app: TestApp, cookie: string, phoneNumber: string) {
    return app.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      headers: { cookie, origin: app.url, 'content-type': 'application/json' },
      payload: JSON.stringify({ phoneNumber }),
    });
  }

  it('go to a second and a third number only within the user’s quota, and never without a session', async () => {
    const app = await appWith({ QUOTA_PHONE_CODE_USER: '1/1', AUTH_RATE_LIMIT: 'off' });
    const owner = await ownerWithOrganization(app, 'phone-owner@example.com', 'Phone Freight');
    const sms = () => readSmsOutbox(joinPath(app.dataDir, 'outbox'));

    const first = await sendCode(app, owner.cookie, '3125550101');
    const second = await sendCode(app, owner.cookie, '3125550102');
    const third = await sendCode(app, owner.cookie, '3125550103');
    const anonymous = await sendCode(app, '', '3125550104');

    expect(first.statusCode).toBe(200);
    expect([second.statusCode, third.statusCode]).toEqual([429, 429]);
    expect(second.json().code).toBe('QUOTA_EXCEEDED');
    expect(second.json().message).toMatch(
      /^You have asked for 1 verification code in the last hour \(the limit\); the next can be sent after/,
    );
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(anonymous.statusCode).toBe(401);
    expect((await sms()).map((message) => message.to)).toEqual(['+13125550101']);
  });

  it('go to one number only a few times, whoever asks', async () => {
    const app = await appWith({ QUOTA_PHONE_CODE_NUMBER: '1/1', AUTH_RATE_LIMIT: 'off' });
    const ada = await ownerWithOrganization(app, 'ada-phone@example.com', 'Ada Freight');
    const bob = await ownerWithOrganization(app, 'bob-phone@example.com', 'Bob Freight');

    expect((await sendCode(app, ada.cookie, '+13125550199')).statusCode).toBe(200);
    const again = await sendCode(app, bob.cookie, '(312) 555-0199');

    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^This number has been sent 1 verification code in the last hour/);
    expect(await readSmsOutbox(joinPath(app.dataDir, 'outbox'))).toHaveLength(1);
  });
});
