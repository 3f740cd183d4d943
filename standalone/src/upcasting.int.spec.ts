import { readOutbox } from '@dispatch/auth';
import { hashSigningToken, newSigningToken } from '@dispatch/command-api';
import { CURRENT_TEMPLATE_VERSION, envelopeStream, eventUpcasting } from '@dispatch/domain';
import { newEventId } from '@dispatch/storage';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithOrganization, PASSWORD, query, signIn } from './organization-fixtures.ts';
import { startTestApp, type TestApp } from './test-support.ts';

/**
 * A schema change end to end: EnvelopeSent gained `templateVersion` at schema version 2. Envelopes
 * written at version 1 stay in the store as they were and are read through the upcaster everywhere:
 * the read models, the receiver's page (a decision on the stream), the history, the signed copy, and
 * a rebuild from the first event, which must equal the read models kept event by event.
 */

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let admin: string;
const oldEnvelopeId = '0b0b0b0b-1111-4111-8111-000000000001';
const { token: oldToken } = newSigningToken(oldEnvelopeId);

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'upcast-owner@example.com', 'Upcast Freight');
  await app.infrastructure.auth.createUser({
    email: 'upcast-admin@example.com',
    password: PASSWORD,
    name: 'Una Admin',
    emailVerified: true,
    role: 'super_admin',
  });
  admin = await signIn(app, 'upcast-admin@example.com');
  // A client envelope as version 1 wrote it: no templateVersion.
  const sentAt = new Date(Date.now() - 3_600_000).toISOString();
  const { position } = await app.infrastructure.eventStore.append(
    envelopeStream(oldEnvelopeId),
    [
      {
        id: newEventId(),
        type: 'EnvelopeSent',
        data: {
          envelopeId: oldEnvelopeId,
          id: 424242,
          templateId: 'client-agreement',
          type: 'client',
          deliveryMethod: 'email',
          receiverName: 'Vera Version-One',
          receiverEmail: 'vera@example.com',
          receiverPhoneNumber: null,
          organizationName: 'Upcast Freight',
          senderName: 'Olive Owner',
          tokenHash: hashSigningToken(oldToken),
          expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        },
        metadata: {
          orgId: owner.organization.id,
          actorId: 'someone',
          correlationId: newEventId(),
          causationId: null,
          schemaVersion: 1,
          occurredAt: sentAt,
        },
      },
    ],
    { expected: 'no_stream' },
  );
  await app.projector.waitFor(position, 5000);
});
afterAll(() => app.stop());

const V1_PAYMENT = 'within 30 days of the invoice date';
const V2_PAYMENT = 'within 30 days of delivery';

describe('an event written at an older schema version', () => {
  it('is brought to the current shape by the registry, and a current one is left as it is', () => {
    const old = { type: 'EnvelopeSent', data: { envelopeId: 'e' }, metadata: { schemaVersion: 1 } };
    expect(eventUpcasting.upcast(old)).toEqual({
      type: 'EnvelopeSent',
      data: { templateVersion: 1, envelopeId: 'e' },
      metadata: { schemaVersion: 2 },
    });
    const voided = { type: 'EnvelopeVoided', data: { envelopeId: 'e' }, metadata: { schemaVersion: 1 } };
    expect(eventUpcasting.upcast(voided).data).toEqual({ envelopeId: 'e' });
    const current = { type: 'EnvelopeSent', data: { templateVersion: 2 }, metadata: { schemaVersion: 2 } };
    expect(eventUpcasting.upcast(current)).toBe(current);
    const truck = { type: 'TruckPosted', data: {}, metadata: { schemaVersion: 1 } };
    expect(eventUpcasting.upcast(truck)).toBe(truck);
  });

  it('stays in the store untouched', async () => {
    const raw = await app.infrastructure.eventStore.readAll(0n, 100_000);
    // The app's store reads through the upcaster; the stored JSON still lacks the field.
    const sent = raw.find((event) => event.streamId === envelopeStream(oldEnvelopeId));
    expect(sent?.metadata.schemaVersion).toBe(2);
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(`${app.dataDir}/events.sqlite`, { readOnly: true });
    const stored = JSON.stringify(db.prepare('select * from events').all());
    db.close();
    expect(stored).toContain('Vera Version-One');
    expect(stored.includes('"templateVersion":1')).toBe(false);
  });

  it('reads as version 1 text in the list, on the receiver page and in the signed copy; new envelopes get the current text', async () => {
    const listed = (await query(app, owner.cookie, `/api/v1/envelopes/${oldEnvelopeId}`)).json().envelope;
    expect(listed).toMatchObject({ templateVersion: 1, receiverName: 'Vera Version-One' });
    const page = await app.app.inject({
      method: 'GET',
      url: `/api/v1/signing/${encodeURIComponent(oldToken)}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().document.version).toBe(1);
    expect(JSON.stringify(page.json().document)).toContain(V1_PAYMENT);
    const signed = await app.app.inject({
      method: 'POST',
      url: `/api/v1/signing/${encodeURIComponent(oldToken)}/sign`,
      headers: { origin: app.url },
      payload: { signerName: 'Vera Version-One' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    const pdf = await app.app.inject({
      method: 'GET',
      url: `/api/v1/envelopes/${oldEnvelopeId}/document`,
      headers: { cookie: owner.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(2);

    const sent = await app.app.inject({
      method: 'POST',
      url: '/api/v1/envelopes',
      headers: { cookie: owner.cookie, origin: app.url },
      payload: {
        type: 'client',
        deliveryMethod: 'email',
        receiverName: 'Nina New',
        receiverEmail: 'nina@example.com',
      },
    });
    expect(sent.json().envelope.templateVersion).toBe(CURRENT_TEMPLATE_VERSION);
    const mail = (await readOutbox(`${app.dataDir}/outbox`))
      .filter((m) => m.to === 'nina@example.com')
      .at(-1);
    const token = decodeURIComponent(/\/sign\/(\S+)/.exec(mail?.text ?? '')?.[1] ?? '');
    const fresh = await app.app.inject({
      method: 'GET',
      url: `/api/v1/signing/${encodeURIComponent(token)}`,
    });
    expect(JSON.stringify(fresh.json().document)).toContain(V2_PAYMENT);
  });

  it('rebuilds from the first event into read models equal to the ones kept event by event', async () => {
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    const before = (await query(app, owner.cookie, '/api/v1/envelopes?limit=100')).json().data;
    const versionsBefore = (
      await query(app, owner.cookie, `/api/v1/envelopes?limit=100&asOf=${new Date().toISOString()}`)
    ).json().data;
    const requested = await app.app.inject({
      method: 'POST',
      url: '/api/v1/admin/read-models/rebuild',
      headers: { cookie: admin, origin: app.url },
      payload: {},
    });
    expect(requested.statusCode).toBe(202);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const status = (await query(app, admin, '/api/v1/admin/read-models')).json().data;
      if (status.state === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const after = (await query(app, owner.cookie, '/api/v1/envelopes?limit=100')).json().data;
    expect(after).toEqual(before);
    expect(
      after.find((envelope: { envelopeId: string }) => envelope.envelopeId === oldEnvelopeId).templateVersion,
    ).toBe(1);
    const versionsAfter = (
      await query(app, owner.cookie, `/api/v1/envelopes?limit=100&asOf=${new Date().toISOString()}`)
    ).json().data;
    expect(versionsAfter).toEqual(versionsBefore);
  });
});
