import { join as joinPath } from 'node:path';
import { readOutbox } from '@dispatch/auth';
import {
  envelopeSweeper,
  notificationMailSweeper,
  ORGANIZATION_DELETED_LINK_MESSAGE,
} from '@dispatch/command-api';
import { envelopeStream, REMINDER_INTERVAL_MS } from '@dispatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command, join, ownerWithOrganization, query } from './organization-fixtures.ts';
import { startTestApp, type TestApp, upcomingTruck } from './test-support.ts';

/** A deleted organization is gone everywhere: its signing links, its sweeps, its members' sessions. */

const DAY = 86_400_000;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const outbox = () => joinPath(app.dataDir, 'outbox');

async function linkSentTo(to: string): Promise<string> {
  const texts = (await readOutbox(outbox())).filter((mail) => mail.to === to).map((mail) => mail.text);
  const link = /https?:\/\/\S+\/sign\/(\S+)/.exec(texts.at(-1) ?? '')?.[1];
  if (!link) throw new Error(`no signing link sent to ${to}`);
  return decodeURIComponent(link);
}

const onLink = (token: string, action: '' | '/sign' | '/reject', payload?: object) =>
  app.app.inject({
    method: action === '' ? 'GET' : 'POST',
    url: `/api/v1/signing/${encodeURIComponent(token)}${action}`,
    headers: { origin: app.url },
    ...(payload ? { payload } : {}),
  });

async function eventTypes(envelopeId: string) {
  return (await app.infrastructure.eventStore.readStream(envelopeStream(envelopeId))).map(
    (event) => event.type,
  );
}

describe('a deleted organization', () => {
  it('has its signing links gone, its envelopes swept no more, and its sessions without it', async () => {
    const owner = await ownerWithOrganization(app, 'gone-owner@example.com', 'Gone Freight');
    const member = await join(app, owner.cookie, 'gone-member@example.com');
    const kept = await ownerWithOrganization(app, 'kept-owner@example.com', 'Kept Freight');
    const sent = await app.app.inject({
      method: 'POST',
      url: '/api/v1/envelopes',
      headers: { cookie: owner.cookie, origin: app.url },
      payload: {
        type: 'driver',
        deliveryMethod: 'email',
        receiverName: 'Dana Driver',
        receiverEmail: 'gone-receiver@example.com',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { envelopeId } = sent.json().envelope as { envelopeId: string };
    const token = await linkSentTo('gone-receiver@example.com');
    expect((await onLink(token, '')).statusCode).toBe(200);
    const sentAt = Date.parse(
      (await query(app, owner.cookie, `/api/v1/envelopes/${envelopeId}`)).json().envelope.createdAt,
    );

    expect((await command(app, owner.cookie, 'delete')).statusCode).toBe(200);

    // The receiver's link: gone, whatever they try; a guessed token is still not found.
    for (const [action, payload] of [
      ['', undefined],
      ['/sign', { signerName: 'Dana Driver' }],
      ['/reject', { reason: 'Not mine' }],
    ] as const) {
      const response = await onLink(token, action, payload);
      expect([action, response.statusCode, response.json().message]).toEqual([
        action,
        410,
        ORGANIZATION_DELETED_LINK_MESSAGE,
      ]);
    }
    expect((await onLink(`${envelopeId}.${'x'.repeat(43)}`, '')).statusCode).toBe(404);

    // Neither reminded of nor expired: nothing is done on the organization's behalf any more.
    const before = await eventTypes(envelopeId);
    const sweeper = envelopeSweeper({
      store: app.infrastructure.eventStore,
      documents: app.infrastructure.documents,
      mailer: app.infrastructure.mailer,
      sms: app.infrastructure.sms,
      publicUrl: app.url,
      clock: () => new Date(),
      log: { error: () => undefined },
    });
    expect(await sweeper.sweep(new Date(sentAt + REMINDER_INTERVAL_MS + 60_000))).toBe(0);
    expect(await sweeper.sweep(new Date(sentAt + 31 * DAY))).toBe(0);
    expect(await eventTypes(envelopeId)).toEqual(before);
    expect(
      (await readOutbox(outbox())).filter((mail) => mail.to === 'gone-receiver@example.com'),
    ).toHaveLength(1);

    // The former member's session works in no organization now; another organization's is untouched.
    const session = async (cookie: string) =>
      (await query(app, cookie, '/api/auth/get-session')).json().session.activeOrganizationId;
    expect(await session(member.cookie)).toBeNull();
    expect(await session(owner.cookie)).toBeNull();
    expect(await session(kept.cookie)).toBe(kept.organization.id);
    const trucks = await query(app, member.cookie, '/api/v1/trucks');
    expect([trucks.statusCode, trucks.json().code]).toEqual([403, 'NO_ACTIVE_ORGANIZATION']);
  });

  it('sends no alert e-mail of its saved searches, even before the read models have heard of it', async () => {
    const owner = await ownerWithOrganization(app, 'alert-owner@example.com', 'Alert Freight');
    const watcher = await join(app, owner.cookie, 'alert-watcher@example.com');
    const saved = await app.app.inject({
      method: 'POST',
      url: '/api/v1/saved-searches',
      headers: { cookie: watcher.cookie, origin: app.url },
      payload: { name: 'Every truck', kind: 'trucks', alert: { inApp: true, email: true } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    const posted = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { cookie: owner.cookie, origin: app.url },
      payload: upcomingTruck(),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);

    // The read models stop before the deletion: they still hold the member and the alert due.
    await app.projector.close();
    const deleted = await app.app.inject({
      method: 'POST',
      url: '/api/v1/organization/delete',
      headers: { cookie: owner.cookie, origin: app.url },
      payload: {},
    });
    expect(deleted.statusCode).toBe(200);
    const mails = notificationMailSweeper({
      quotas: app.infrastructure.quotas,
      store: app.infrastructure.eventStore,
      documents: app.infrastructure.documents,
      mailer: app.infrastructure.mailer,
      publicUrl: app.url,
      log: { error: () => {} },
    });
    expect(await mails.sweep()).toMatchObject({ sent: 0, skipped: 1 });
    const alerts = (await readOutbox(outbox())).filter(
      (mail) => mail.to === 'alert-watcher@example.com' && mail.subject.startsWith('New match'),
    );
    expect(alerts).toEqual([]);
  });
});
