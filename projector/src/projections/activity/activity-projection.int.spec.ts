import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { receiverActorId } from '@dispatch/domain';
import {
  type ActivityDocument,
  type ActorDocument,
  activityId,
  actorDocumentId,
  changesOf,
  collections,
} from '@dispatch/read-models';
import {
  type DocumentStore,
  type EventMetadata,
  type EventStore,
  openSqliteDocumentStore,
} from '@dispatch/storage';
import { planQuery, selectSql, tableOf } from '@dispatch/storage/sqlite-plan';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProjector } from '../../runner/index.ts';
import { eventMetadata, loadFixture } from '../../testing/event-fixtures.ts';
import { memoryStoresPerTest } from '../../testing/memory-stores.ts';
import { truckFixture } from '../../testing/truck-fixture.ts';
import { projections } from '../index.ts';
import { activityProjection } from './activity-projection.ts';

const ORG = 'org-activity';
const OTHER = 'org-other';
const OWNER = 'user-owner';
const ADMIN = 'user-admin';
const client = { ip: '203.0.113.5', userAgent: 'Mozilla/5.0 (activity test)' };

const truck = truckFixture('Big Blue', { truckState: 'IL', truckCity: 'Chicago' });
const load = loadFixture();

let events: EventStore;
let documents: DocumentStore;
memoryStoresPerTest((stores) => ({ events, documents } = stores));

const revisions = new Map<string, bigint>();
async function append(
  stream: string,
  type: string,
  data: object,
  metadata: Partial<EventMetadata> = {},
): Promise<bigint> {
  const expected = stream.startsWith('sequence-') ? 'any' : (revisions.get(stream) ?? 'no_stream');
  const result = await events.append(
    stream,
    [
      {
        id: randomUUID(),
        type,
        data,
        metadata: { ...eventMetadata({ orgId: ORG, actorId: OWNER }), ...client, ...metadata },
      },
    ],
    { expected },
  );
  revisions.set(stream, result.nextRevision);
  return result.position;
}

async function storedEntries(orgId = ORG): Promise<ActivityDocument[]> {
  return documents.find<ActivityDocument>(collections.activity, {
    filter: { orgId: { eq: orgId } },
    sort: [{ field: 'id', direction: 'desc' }],
  });
}

/** The entries with their changes as the API answers them. */
async function entries(orgId = ORG) {
  return (await storedEntries(orgId)).map((entry) => ({ ...entry, changes: changesOf(entry.changes) }));
}

async function organizationWithMembers() {
  const org = `organization-${ORG}`;
  await append(org, 'OrganizationCreated', {
    organizationId: ORG,
    name: 'Activity Freight',
    slug: 'activity-freight',
    timeZone: 'America/Chicago',
    createdBy: OWNER,
  });
  await append(org, 'MemberAdded', {
    organizationId: ORG,
    memberId: 'member-owner',
    userId: OWNER,
    role: 'owner',
    email: 'olive@example.com',
    name: 'Olive Owner',
  });
  await append(
    org,
    'MemberAdded',
    {
      organizationId: ORG,
      memberId: 'member-admin',
      userId: ADMIN,
      role: 'admin',
      email: 'ada@example.com',
      name: 'Ada Admin',
    },
    { actorId: ADMIN },
  );
}

describe('activity projection', () => {
  it('keeps one entry per event, under its position, with the subject as it was and what changed', async () => {
    revisions.clear();
    const projector = await startProjector({ eventStore: events, documents, projections });
    await organizationWithMembers();
    await append('sequence-truck', 'TruckIdAllocated', {});
    await append('truck-1', 'TruckPosted', { truckId: 1, ...truck });
    await append(
      'truck-1',
      'TruckUpdated',
      { truckId: 1, changes: { truckName: 'Big Blue', status: false, truckCity: 'Peoria' } },
      { actorId: ADMIN },
    );
    await append('load-1', 'LoadPosted', { loadId: 1, ...load }, { orgId: OTHER });
    const removed = await append('truck-1', 'TruckRemoved', { truckId: 1 });
    expect(await projector.waitFor(removed, 5000)).toBe(true);
    await projector.close();

    const log = await entries();
    // The id allocation is the product's inner working: no entry.
    expect(log.map((entry) => entry.type)).toEqual([
      'TruckRemoved',
      'TruckUpdated',
      'TruckPosted',
      'MemberAdded',
      'MemberAdded',
      'OrganizationCreated',
    ]);
    const [gone, edit, post] = log;
    expect(gone).toMatchObject({
      id: activityId(removed),
      position: removed.toString(),
      kind: 'truck',
      subjectId: '1',
      subjectLabel: 'Big Blue',
      changes: [],
    });
    expect(edit).toMatchObject({
      orgId: ORG,
      actorId: ADMIN,
      actorName: 'Ada Admin',
      subjectLabel: 'Big Blue',
      ip: client.ip,
      userAgent: client.userAgent,
      changes: [
        { field: 'status', from: true, to: false },
        { field: 'truckCity', from: 'Chicago', to: 'Peoria' },
      ],
    });
    expect(edit?.searchText).toContain('peoria');
    expect(edit?.searchText).toContain('ada admin');
    // A value the text holds already is not repeated; a date is searched as written, not as an instant.
    expect(post?.searchText.match(/big blue/g)).toHaveLength(1);
    expect(post?.searchText).toContain('2026-11-21');
    expect(post?.searchText).not.toContain('t00:00');
    expect(post?.changes).toContainEqual({ field: 'truckName', from: null, to: 'Big Blue' });
    expect(post?.changes.map((change) => change.field)).not.toContain('dispatcherEmail');
    // Stored short: a change from nothing as [field, to], one from a value as [field, from, to].
    const [, storedEdit, storedPost] = await storedEntries();
    expect(storedPost?.changes).toContainEqual(['truckName', 'Big Blue']);
    expect(storedEdit?.changes).toContainEqual(['truckCity', 'Chicago', 'Peoria']);
    // The creator acts before they are a member: the query side names them from the actors.
    expect(log.at(-1)).toMatchObject({
      kind: 'organization',
      actorName: null,
      subjectLabel: 'Activity Freight',
    });
    expect(
      await documents.get<ActorDocument>(collections.activityActors, actorDocumentId(ORG, OWNER)),
    ).toMatchObject({ name: 'Olive Owner', email: 'olive@example.com' });

    const other = await entries(OTHER);
    expect(other.map((entry) => [entry.type, entry.subjectLabel])).toEqual([
      ['LoadPosted', 'Des Moines, IA → Chicago, IL'],
    ]);
  });

  it('keeps what the event holds of an envelope but never its link’s hash or a signature’s image', async () => {
    revisions.clear();
    const projector = await startProjector({ eventStore: events, documents, projections });
    await organizationWithMembers();
    const envelopeId = randomUUID();
    const stream = `envelope-${envelopeId}`;
    await append(stream, 'EnvelopeSent', {
      envelopeId,
      id: 1,
      templateId: 'client-agreement',
      type: 'client',
      deliveryMethod: 'SMS',
      receiverName: 'Rita Receiver',
      receiverEmail: null,
      receiverPhoneNumber: '3125550199',
      organizationName: 'Activity Freight',
      senderName: 'Olive Owner',
      tokenHash: 'secret-hash-1',
      expiresAt: '2026-12-21T10:00:00.000Z',
    });
    const receiver = { actorId: receiverActorId(envelopeId), ip: undefined, userAgent: undefined };
    await append(stream, 'EnvelopeDelivered', { envelopeId, ...client }, receiver);
    await append(
      stream,
      'EnvelopeCompleted',
      { envelopeId, signerName: 'Rita R.', signature: 'data:image/png;base64,AAAA', ...client },
      receiver,
    );
    const last = await append(
      stream,
      'EnvelopeReminderSent',
      { envelopeId, reminder: 1, tokenHash: 'secret-hash-2' },
      {
        actorId: 'system:sign-pro',
        ip: undefined,
        userAgent: undefined,
      },
    );
    expect(await projector.waitFor(last, 5000)).toBe(true);
    await projector.close();

    const log = (await entries()).filter((entry) => entry.kind === 'envelope');
    expect(log.map((entry) => [entry.type, entry.actorName, entry.ip ?? null])).toEqual([
      ['EnvelopeReminderSent', 'System', null],
      ['EnvelopeCompleted', 'Rita Receiver', client.ip],
      ['EnvelopeDelivered', 'Rita Receiver', client.ip],
      ['EnvelopeSent', 'Olive Owner', client.ip],
    ]);
    for (const entry of log) {
      expect(entry).toMatchObject({
        subjectId: envelopeId,
        subjectLabel: 'Rita Receiver (3125550199)',
        subjectType: 'client',
      });
    }
    expect(log[1]?.changes).toEqual([
      { field: 'signerName', from: null, to: 'Rita R.' },
      { field: 'signature', from: null, to: 'drawn' },
      { field: 'envelopeStatus', from: 'delivered', to: 'completed' },
    ]);
    const stored = JSON.stringify(log);
    expect(stored).not.toContain('secret-hash');
    expect(stored).not.toContain('data:image');
  });

  it('reads events from before the client was recorded, and names a member who has left', async () => {
    revisions.clear();
    const projector = await startProjector({ eventStore: events, documents, projections });
    await organizationWithMembers();
    // An event written before ip and user agent were recorded.
    await append(
      'truck-2',
      'TruckPosted',
      { truckId: 2, ...truck },
      { actorId: ADMIN, ip: undefined, userAgent: undefined },
    );
    const left = await append('organization-org-activity', 'MemberRemoved', {
      organizationId: ORG,
      memberId: 'member-admin',
      userId: ADMIN,
    });
    expect(await projector.waitFor(left, 5000)).toBe(true);
    await projector.close();
    const [removal, posted] = await entries();
    expect(removal).toMatchObject({ type: 'MemberRemoved', kind: 'member', subjectLabel: 'ada@example.com' });
    expect(posted).toMatchObject({ type: 'TruckPosted', actorName: 'Ada Admin' });
    // What an entry lacks is left out of it (the API answers null).
    expect(posted).not.toHaveProperty('ip');
    expect(posted).not.toHaveProperty('userAgent');
    expect(posted).not.toHaveProperty('subjectType');
    expect(await documents.get(collections.members, 'member-admin')).toBeNull();
    expect(
      await documents.get<ActorDocument>(collections.activityActors, actorDocumentId(ORG, ADMIN)),
    ).toMatchObject({ name: 'Ada Admin' });
  });

  it('builds the same log again from the first event (a rebuild)', async () => {
    revisions.clear();
    const first = await startProjector({ eventStore: events, documents, projections });
    await organizationWithMembers();
    await append('truck-3', 'TruckPosted', { truckId: 3, ...truck });
    const last = await append('truck-3', 'TruckUpdated', { truckId: 3, changes: { notes: 'two' } });
    expect(await first.waitFor(last, 5000)).toBe(true);
    await first.close();
    const again = openSqliteDocumentStore({ path: ':memory:' });
    try {
      const second = await startProjector({ eventStore: events, documents: again, projections });
      expect(await second.waitFor(last, 5000)).toBe(true);
      await second.close();
      const rebuilt = await again.find<ActivityDocument>(collections.activity, {
        filter: { orgId: { eq: ORG } },
        sort: [{ field: 'id', direction: 'desc' }],
      });
      expect(rebuilt).toEqual(await storedEntries());
    } finally {
      await again.close();
    }
  });
});

describe('activity indexes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'activity-plan-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('serves a page newest first, and each equality filter, from an index without sorting rows', async () => {
    const path = join(dir, 'documents.sqlite');
    const store = openSqliteDocumentStore({ path, writer: 'inline' });
    for (const definition of activityProjection.collections) await store.ensureCollection(definition);
    await store.close();
    const [definition] = activityProjection.collections;
    if (!definition) throw new Error('no activity collection');
    const db = new DatabaseSync(path, { readOnly: true });
    const plan = (filter: Record<string, object>) => {
      const { sql, params } = selectSql(
        tableOf(definition.name),
        planQuery(definition, {
          filter: { orgId: { eq: ORG }, id: { lt: activityId(99n) }, ...filter },
          sort: [{ field: 'id', direction: 'desc' }],
          limit: 51,
        }),
      );
      return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
        .map((row) => row.detail)
        .join('\n');
    };
    try {
      const cases: [Record<string, object>, string][] = [
        [{}, 'docs_activity_v2:orgId,id'],
        [{ actorId: { eq: OWNER } }, 'docs_activity_v2:orgId,actorId,id'],
        [{ kind: { eq: 'truck' } }, 'docs_activity_v2:orgId,kind,id'],
        [{ subjectId: { eq: '1' } }, 'docs_activity_v2:orgId,subjectId,id'],
      ];
      for (const [filter, index] of cases) {
        const used = plan(filter);
        expect(used, JSON.stringify(filter)).toContain(`USING INDEX ${index} `);
        expect(used, JSON.stringify(filter)).not.toContain('TEMP B-TREE');
      }
    } finally {
      db.close();
    }
  });
});
