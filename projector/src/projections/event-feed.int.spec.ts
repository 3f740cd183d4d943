import { randomUUID } from 'node:crypto';
import { savedSearchCreateSchema, savedSearchStream } from '@dispatch/domain';
import { tripMiles } from '@dispatch/places';
import {
  collections,
  type EventFeedDocument,
  inProcessChangeFeed,
  type ProjectionCommit,
  readFeed,
} from '@dispatch/read-models';
import {
  type DocumentStore,
  type EventMetadata,
  type EventStore,
  openSqliteDocumentStore,
} from '@dispatch/storage';
import { describe, expect, it } from 'vitest';
import { startProjector } from '../runner/index.ts';
import { eventMetadata, loadFixture } from '../testing/event-fixtures.ts';
import { memoryStoresPerTest } from '../testing/memory-stores.ts';
import { truckFixture } from '../testing/truck-fixture.ts';
import { projections } from './index.ts';

let events: EventStore;
let documents: DocumentStore;
memoryStoresPerTest((stores) => ({ events, documents } = stores));

const A = 'org-a';
const B = 'org-b';

async function append(
  stream: string,
  type: string,
  data: object,
  orgId: string,
  extra: Partial<EventMetadata> = {},
) {
  const id = randomUUID();
  const { position } = await events.append(
    stream,
    [{ id, type, data, metadata: { ...eventMetadata({ orgId, actorId: 'user-1' }), ...extra } }],
    { expected: 'any' },
  );
  return { id, position };
}

async function project(store: DocumentStore = documents, options: { batchSize?: number } = {}) {
  const feed = inProcessChangeFeed();
  const commits: ProjectionCommit[] = [];
  feed.subscribe((commit) => commits.push(commit));
  const projector = await startProjector({
    eventStore: events,
    documents: store,
    projections,
    feed,
    ...options,
  });
  expect(await projector.waitFor(await events.headPosition(), 5000)).toBe(true);
  await projector.close();
  return commits;
}

const everything = (store: DocumentStore, orgId: string) => readFeed(store, orgId, { after: 0, limit: 500 });

const client = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Receiver)' };

async function sendEnvelope(orgId: string, number: number) {
  const envelopeId = randomUUID();
  const stream = `envelope-${envelopeId}`;
  await append(
    stream,
    'EnvelopeSent',
    {
      envelopeId,
      id: number,
      templateId: 'client-agreement',
      templateVersion: 1,
      type: 'client',
      deliveryMethod: 'email',
      receiverName: 'Rita Receiver',
      receiverEmail: 'rita@example.com',
      receiverPhoneNumber: null,
      organizationName: 'Feed Freight',
      senderName: 'Olive Owner',
      tokenHash: 'secret-token-hash',
      expiresAt: '2026-12-21T10:00:00.000Z',
    },
    orgId,
    { schemaVersion: 2, ...client },
  );
  return { envelopeId, stream };
}

describe('the event feed projection', () => {
  it("gives each organization its own gapless sequence, untouched by another's activity", async () => {
    await append('truck-1', 'TruckPosted', { truckId: 1, ...truckFixture('Alpha') }, A);
    await append('truck-2', 'TruckPosted', { truckId: 2, ...truckFixture('Bravo') }, B);
    await append('truck-1', 'TruckUpdated', { truckId: 1, changes: { notes: 'Tarped' } }, A);
    await append('load-7', 'LoadPosted', { loadId: 7, ...loadFixture() }, B);
    // Not public: no item, no sequence.
    await append(`organization-${A}`, 'TeamCreated', { organizationId: A, teamId: 't', name: 'Nights' }, A);
    await append('truck-1', 'TruckRemoved', { truckId: 1 }, A);
    const commits = await project();

    const a = await everything(documents, A);
    const b = await everything(documents, B);
    expect(a.map((item) => [item.sequence, item.type])).toEqual([
      ['1', 'truck.posted'],
      ['2', 'truck.edited'],
      ['3', 'truck.removed'],
    ]);
    expect(b.map((item) => [item.sequence, item.type])).toEqual([
      ['1', 'truck.posted'],
      ['2', 'load.posted'],
    ]);
    // A posted truck is the truck as the API answers it; an edit its changed fields and version; a removal its id.
    expect(a[0]?.data).toMatchObject({
      id: 1,
      truckName: 'Alpha',
      truckState: 'IA',
      truckCity: 'Des Moines',
      trailerType: 'FLATBED',
      status: true,
      onMap: true,
      createdBy: 'user-1',
      createdAt: '2026-11-21T10:00:00.000Z',
      version: 0,
    });
    expect(a[1]?.data).toEqual({ id: 1, notes: 'Tarped', version: 1 });
    expect(a[2]?.data).toEqual({ id: 1 });
    expect(b[1]?.data).toMatchObject({
      id: 7,
      originCity: 'Des Moines',
      originOnMap: true,
      tripMiles: tripMiles(
        { state: 'IA', city: 'Des Moines' },
        { state: loadFixture().destinationState, city: loadFixture().destinationCity },
      ),
    });
    expect(b[1]?.data.tripMiles).toBeGreaterThan(0);
    expect(a.every((item) => item.timestamp === '2026-11-21T10:00:00.000Z')).toBe(true);

    // The change notices name each organization's new sequences.
    const notices = commits.flatMap((commit) => commit.changes).filter((change) => change.kind === 'events');
    expect(notices.flatMap((change) => (change.orgId === A ? change.ids : []))).toEqual([1, 2, 3]);
    expect(notices.flatMap((change) => (change.orgId === B ? change.ids : []))).toEqual([1, 2]);
  });

  it('goes on from the head after a restart, and a rebuild from position 0 gives identical items', async () => {
    const search = randomUUID();
    const input = savedSearchCreateSchema.parse({
      name: 'Flatbeds',
      alert: { inApp: true, email: false },
      kind: 'trucks',
      params: { trailerType: 'FLATBED' },
    });
    await append(
      savedSearchStream(search),
      'SavedSearchCreated',
      { savedSearchId: search, ownerId: 'user-owner', ...input },
      A,
      { actorId: 'user-owner' },
    );
    await append('truck-1', 'TruckPosted', { truckId: 1, ...truckFixture('Alpha') }, A);
    await append('truck-9', 'TruckPosted', { truckId: 9, ...truckFixture('Zulu') }, B);
    await project(documents, { batchSize: 2 });
    // Later events, applied by a projector that starts again from its checkpoint.
    await append(
      'truck-2',
      'TruckPosted',
      { truckId: 2, ...truckFixture('Bravo', { trailerType: 'LOW_SIDED_HOPPER' }) },
      A,
    );
    const { envelopeId, stream } = await sendEnvelope(A, 41);
    await append(stream, 'EnvelopeVoided', { envelopeId, voidReason: 'Wrong rate' }, A);
    await project(documents, { batchSize: 1 });

    const live = await everything(documents, A);
    expect(live.map((item) => [item.sequence, item.type])).toEqual([
      ['1', 'truck.posted'],
      ['2', 'search.matched'],
      ['3', 'truck.posted'],
      ['4', 'envelope.sent'],
      ['5', 'envelope.voided'],
    ]);
    expect(live[1]).toMatchObject({
      data: {
        savedSearchId: search,
        savedSearchName: 'Flatbeds',
        userId: 'user-owner',
        postingKind: 'trucks',
        postingId: 1,
        reason: 'posted',
        title: 'Alpha',
      },
    });
    // Two items of one event, each with its own id.
    expect(live[1]?.id).not.toBe(live[0]?.id);
    expect(live[1]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const rebuilt = openSqliteDocumentStore({ path: ':memory:' });
    try {
      await project(rebuilt, { batchSize: 1000 });
      expect(await everything(rebuilt, A)).toEqual(live);
      expect(await everything(rebuilt, B)).toEqual(await everything(documents, B));
    } finally {
      await rebuilt.close();
    }
  });

  it('tells envelopes and members by their API fields, never link hashes, addresses, browsers or signatures', async () => {
    const orgStream = `organization-${A}`;
    await append(
      orgStream,
      'MemberAdded',
      {
        organizationId: A,
        memberId: 'member-ada',
        userId: 'user-ada',
        role: 'admin',
        email: 'ada@example.com',
        name: 'Ada Admin',
        phoneNumber: '3125550111',
      },
      A,
      client,
    );
    const { envelopeId, stream } = await sendEnvelope(A, 12);
    await append(
      stream,
      'EnvelopeResent',
      { envelopeId, tokenHash: 'other-hash', expiresAt: '2026-12-30T10:00:00.000Z' },
      A,
    );
    await append(stream, 'EnvelopeDelivered', { envelopeId, ...client }, A, client);
    await append(
      stream,
      'EnvelopeCompleted',
      { envelopeId, signerName: 'Rita R.', signature: 'data:image/png;base64,AAAA', ...client },
      A,
      client,
    );
    await append(
      orgStream,
      'MemberRemoved',
      { organizationId: A, memberId: 'member-ada', userId: 'user-ada' },
      A,
    );
    await project();

    const items = await everything(documents, A);
    expect(items.map((item) => [item.type, item.data])).toEqual([
      ['member.joined', { userId: 'user-ada', name: 'Ada Admin', role: 'admin' }],
      [
        'envelope.sent',
        {
          id: 12,
          envelopeId,
          type: 'client',
          envelopeStatus: 'sent',
          receiverName: 'Rita Receiver',
          templateId: 'client-agreement',
          deliveryMethod: 'email',
          expiresAt: '2026-12-21T10:00:00.000Z',
        },
      ],
      [
        'envelope.delivered',
        { id: 12, envelopeId, type: 'client', envelopeStatus: 'delivered', receiverName: 'Rita Receiver' },
      ],
      [
        'envelope.completed',
        {
          id: 12,
          envelopeId,
          type: 'client',
          envelopeStatus: 'completed',
          receiverName: 'Rita Receiver',
          signerName: 'Rita R.',
          signedOn: '2026-11-21T10:00:00.000Z',
        },
      ],
      ['member.left', { userId: 'user-ada', name: 'Ada Admin', role: 'admin', reason: 'removed' }],
    ]);
    const stored = JSON.stringify(await documents.find<EventFeedDocument>(collections.eventFeed, {}));
    for (const secret of [
      'secret-token-hash',
      'other-hash',
      'data:image',
      client.ip,
      client.userAgent,
      'rita@example.com',
      'ada@example.com',
      '3125550111',
    ]) {
      expect(stored).not.toContain(secret);
    }
  });
});
