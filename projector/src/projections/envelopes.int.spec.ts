import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  type EnvelopeEvent,
  type EnvelopeStatus,
  envelopeStream,
  REMINDER_INTERVAL_MS,
  receiverActorId,
} from '@dispatch/domain';
import {
  collections,
  type EnvelopeCountsDocument,
  type EnvelopeDocument,
  envelopeCountsId,
  inProcessChangeFeed,
  type ProjectionCommit,
} from '@dispatch/read-models';
import {
  type DocumentStore,
  type EventStore,
  openMongoDocumentStore,
  openSqliteDocumentStore,
  openSqliteEventStore,
} from '@dispatch/storage';
import { planQuery, selectSql, tableOf } from '@dispatch/storage/sqlite-plan';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProjector } from '../runner/index.ts';
import { eventMetadata } from '../testing/event-fixtures.ts';
import { envelopesProjection } from './envelopes.ts';
import { projections } from './index.ts';

const ORG = 'org-envelopes';
const OTHER = 'org-elsewhere';
const SENDER = 'user-sender';
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

/** The sweeper's query: every envelope due by `now`, across organizations, soonest first. */
const dueQuery = (now: string) => ({
  filter: { dueAt: { lte: now } },
  sort: [{ field: 'dueAt', direction: 'asc' as const }],
});

const mongoUrl = process.env.MONGO_URL ?? '';
const stores: [string, () => Promise<{ documents: DocumentStore; dispose(): Promise<void> }>][] = [
  [
    'sqlite',
    async () => {
      const documents = openSqliteDocumentStore({ path: ':memory:' });
      return { documents, dispose: () => documents.close() };
    },
  ],
];
if (mongoUrl) {
  stores.push([
    'mongodb',
    async () => {
      const documents = await openMongoDocumentStore({
        url: mongoUrl,
        dbName: `dispatch_envelopes_test_${randomUUID().slice(0, 8)}`,
      });
      return {
        documents,
        async dispose() {
          for (const { name } of envelopesProjection.collections) await documents.dropCollection(name);
          await documents.close();
        },
      };
    },
  ]);
}

describe.each(stores)('envelopes projection (%s)', (_name, open) => {
  let events: EventStore;
  let documents: DocumentStore;
  let dispose: () => Promise<void>;
  const revisions = new Map<string, bigint>();

  beforeEach(async () => {
    events = openSqliteEventStore({ path: ':memory:' });
    ({ documents, dispose } = await open());
    revisions.clear();
  });
  afterEach(async () => {
    await dispose();
    await events.close();
  });

  async function append(event: EnvelopeEvent, occurredAt: string, actorId = SENDER, orgId = ORG) {
    const stream = envelopeStream(event.data.envelopeId);
    const result = await events.append(
      stream,
      [
        {
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: eventMetadata({ orgId, actorId, occurredAt, schemaVersion: 2 }),
        },
      ],
      { expected: revisions.get(stream) ?? 'no_stream' },
    );
    revisions.set(stream, result.nextRevision);
    return result.position;
  }

  const send = (
    envelopeId: string,
    occurredAt: string,
    fields: { type?: 'driver' | 'client'; orgId?: string; receiverName?: string } = {},
  ) =>
    append(
      {
        type: 'EnvelopeSent',
        data: {
          envelopeId,
          id: Math.floor(Math.random() * 1e6),
          templateId: fields.type === 'client' ? 'client-agreement' : 'driver-onboarding-agreement',
          templateVersion: 2,
          type: fields.type ?? 'driver',
          deliveryMethod: 'email',
          receiverName: fields.receiverName ?? 'Rita Receiver',
          receiverEmail: 'Rita@Example.com',
          receiverPhoneNumber: null,
          organizationName: 'Envelope Freight',
          senderName: 'Sam Sender',
          tokenHash: 'hash-of-the-first-link',
          expiresAt: at(30 * DAY),
        },
      },
      occurredAt,
      SENDER,
      fields.orgId ?? ORG,
    );

  const client = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 Test' };

  const envelope = (id: string) => documents.get<EnvelopeDocument>(collections.envelopes, id);
  async function counts(orgId: string, type: 'driver' | 'client') {
    const document = await documents.get<EnvelopeCountsDocument>(
      collections.envelopeCounts,
      envelopeCountsId(orgId, type),
    );
    // A counter brought back to 0 may stay in the document: only the non-zero ones say anything.
    return Object.fromEntries(Object.entries(document?.counts ?? {}).filter(([, count]) => count !== 0));
  }

  async function projected(run: () => Promise<bigint>, feed = inProcessChangeFeed()) {
    const projector = await startProjector({ eventStore: events, documents, projections, feed });
    const position = await run();
    expect(await projector.waitFor(position, 5000)).toBe(true);
    await projector.close();
  }

  it('keeps the envelope view with its number, search text and due instant, and says what changed', async () => {
    const id = randomUUID();
    const feed = inProcessChangeFeed();
    const commits: ProjectionCommit[] = [];
    feed.subscribe((commit) => commits.push(commit));
    await projected(() => send(id, at(0)), feed);

    const sent = await envelope(id);
    expect(sent).toMatchObject({
      id,
      envelopeId: id,
      orgId: ORG,
      organizationId: ORG,
      envelopeStatus: 'sent',
      isActive: true,
      createdBy: SENDER,
      createdAt: at(0),
      lastSentAt: at(0),
      remindersSent: 0,
      version: 0,
      // The first reminder, 2 days after sending, comes before the expiry.
      nextReminderAt: at(REMINDER_INTERVAL_MS),
      dueAt: at(REMINDER_INTERVAL_MS),
      searchText: 'rita receiver rita@example.com',
    });
    expect(typeof sent?.number).toBe('number');
    // The signing link's hash stays in the events.
    expect(JSON.stringify(sent)).not.toContain('hash-of-the-first-link');
    expect(commits.flatMap((commit) => commit.changes)).toContainEqual({
      kind: 'envelopes',
      orgId: ORG,
      ids: [id],
    });
  });

  it('moves an envelope from counter to counter as its status changes, and leaves them for events that keep it', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const c = randomUUID();
    await projected(async () => {
      await send(a, at(0));
      await send(b, at(1000));
      await send(c, at(2000), { type: 'client' });
      await send(randomUUID(), at(3000), { orgId: OTHER });
      return append(
        { type: 'EnvelopeReminderSent', data: { envelopeId: a, reminder: 1, tokenHash: 'h2' } },
        at(2 * DAY),
        'system',
      );
    });
    expect(await counts(ORG, 'driver')).toEqual({ sent: 2 });
    expect(await counts(ORG, 'client')).toEqual({ sent: 1 });
    expect(await counts(OTHER, 'driver')).toEqual({ sent: 1 });
    expect(await envelope(a)).toMatchObject({
      envelopeStatus: 'sent',
      remindersSent: 1,
      lastReminderAt: at(2 * DAY),
      dueAt: at(4 * DAY),
      version: 1,
      // A reminder is no edit of the sender's.
      updatedAt: at(0),
    });

    await projected(async () => {
      await append({ type: 'SigningLinkIssued', data: { envelopeId: a, tokenHash: 'h3' } }, at(3 * DAY));
      await append(
        { type: 'EnvelopeDelivered', data: { envelopeId: a, ...client } },
        at(3 * DAY),
        receiverActorId(a),
      );
      await append(
        { type: 'EnvelopeResent', data: { envelopeId: b, tokenHash: 'h4', expiresAt: at(40 * DAY) } },
        at(3 * DAY),
      );
      return append(
        { type: 'EnvelopeVoided', data: { envelopeId: c, voidReason: 'Sent by mistake' } },
        at(4 * DAY),
      );
    });
    expect(await counts(ORG, 'driver')).toEqual({ delivered: 1, resent: 1 });
    expect(await counts(ORG, 'client')).toEqual({ voided: 1 });
    expect(await envelope(a)).toMatchObject({
      envelopeStatus: 'delivered',
      version: 3,
      deliveredAt: at(3 * DAY),
    });
    expect(await envelope(c)).toMatchObject({
      envelopeStatus: 'voided',
      voidReason: 'Sent by mistake',
      isActive: false,
      dueAt: null,
    });

    await projected(async () => {
      await append(
        {
          type: 'EnvelopeCompleted',
          data: { envelopeId: a, signerName: 'Rita R.', signature: null, ...client },
        },
        at(5 * DAY),
        receiverActorId(a),
      );
      return append(
        { type: 'EnvelopeCancelled', data: { envelopeId: b, reason: 'expired', detail: null } },
        at(41 * DAY),
        'system',
      );
    });
    expect(await counts(ORG, 'driver')).toEqual({ completed: 1, cancelled: 1 });
    expect(await envelope(a)).toMatchObject({
      envelopeStatus: 'completed',
      signerName: 'Rita R.',
      signedOn: at(5 * DAY),
      dueAt: null,
    });
    expect(await envelope(b)).toMatchObject({ envelopeStatus: 'cancelled', cancelReason: 'expired' });
  });

  it('ignores the later events of an envelope it never saw sent', async () => {
    const id = randomUUID();
    await projected(() =>
      append({ type: 'EnvelopeDelivered', data: { envelopeId: id, ...client } }, at(0), receiverActorId(id)),
    );
    expect(await envelope(id)).toBeNull();
    expect(await counts(ORG, 'driver')).toEqual({});
  });

  it("answers the reminder sweeper's query across organizations, soonest first, without closed envelopes", async () => {
    const early = randomUUID();
    const late = randomUUID();
    const elsewhere = randomUUID();
    const closed = randomUUID();
    await projected(async () => {
      await send(late, at(DAY));
      await send(early, at(0));
      await send(elsewhere, at(DAY / 2), { orgId: OTHER });
      await send(closed, at(0));
      return append({ type: 'EnvelopeVoided', data: { envelopeId: closed, voidReason: null } }, at(DAY));
    });
    const due = (now: string) =>
      documents
        .find<EnvelopeDocument>(collections.envelopes, dueQuery(now))
        .then((rows) => rows.map((row) => row.id));
    expect(await due(at(REMINDER_INTERVAL_MS - 1))).toEqual([]);
    expect(await due(at(REMINDER_INTERVAL_MS))).toEqual([early]);
    expect(await due(at(REMINDER_INTERVAL_MS + DAY))).toEqual([early, elsewhere, late]);
  });
});

describe('envelopes collection on SQLite', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dispatch-envelopes-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const plan = (db: DatabaseSync, query: Parameters<typeof planQuery>[1]) => {
    const [definition] = envelopesProjection.collections;
    if (!definition) throw new Error('no envelopes collection');
    const { sql, params } = selectSql(tableOf(definition.name), planQuery(definition, query));
    return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
      .map((row) => row.detail)
      .join('\n');
  };

  it('serves the sweeper and the list sorts from indexes, without sorting rows', async () => {
    const path = join(dir, 'documents.sqlite');
    const documents = openSqliteDocumentStore({ path, writer: 'inline' });
    for (const definition of envelopesProjection.collections) await documents.ensureCollection(definition);
    await documents.close();
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      const sweeper = plan(db, dueQuery(at(0)));
      expect(sweeper).toContain('USING INDEX docs_envelopes_v3:dueAt');
      expect(sweeper).not.toContain('TEMP B-TREE');
      for (const field of ['updatedAt', 'createdAt', 'lastSentAt']) {
        const list = plan(db, {
          filter: { orgId: { eq: ORG }, envelopeStatus: { in: ['sent'] satisfies EnvelopeStatus[] } },
          sort: [{ field, direction: 'desc' }],
          limit: 10,
        });
        expect(list).toContain(`USING INDEX docs_envelopes_v3:orgId,${field},envelopeStatus,type `);
        // Rows come in the index's order; only ties of the sort field are put in id order.
        expect(list).not.toContain('TEMP B-TREE FOR ORDER BY');
      }
    } finally {
      db.close();
    }
  });
});
