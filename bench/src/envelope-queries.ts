import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  CURRENT_TEMPLATE_VERSION,
  ENVELOPE_SCHEMA_VERSION,
  type EnvelopeEvent,
  type EnvelopeStatus,
  envelopeListQuerySchema,
  envelopeStream,
  expiryFrom,
  receiverActorId,
} from '@dispatch/domain';
import { projections, startProjector } from '@dispatch/projector';
import { envelopeCounts, envelopesPage } from '@dispatch/query-api';
import {
  type DocumentStore,
  type EventStore,
  type NewEvent,
  newEventId,
  openSqliteDocumentStore,
  openSqliteEventStore,
} from '@dispatch/storage';
import { tempDir } from './fixtures.ts';
import { fmt, percentile, type Row } from './stats.ts';

const DAY_MS = 86_400_000;
const firstNames = ['Ana', 'Ben', 'Carla', 'Dmitri', 'Elena', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jade'];
const lastNames = [
  'Alvarez',
  'Brooks',
  'Chen',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Patel',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
];

/** A number from 0 to `range` - 1 that varies with the envelope and `trait` independently of its other traits. */
function pick(n: number, trait: number, range: number): number {
  return (Math.imul(n ^ Math.imul(trait, 0x9e3779b9), 0x85ebca6b) >>> 7) % range;
}

/** Where an envelope ends up, in roughly the proportions of a busy organization's onboarding. */
const fates: EnvelopeStatus[] = [
  ...Array<EnvelopeStatus>(9).fill('completed'),
  ...Array<EnvelopeStatus>(3).fill('sent'),
  ...Array<EnvelopeStatus>(2).fill('delivered'),
  'resent',
  'rejected',
  'voided',
  ...Array<EnvelopeStatus>(3).fill('cancelled'),
];

/** One envelope's stream: sent at `sentAt` by one of the senders, then what happened to it. */
function envelopeEvents(
  n: number,
  orgId: string,
  senders: string[],
  sentAt: number,
): { stream: string; events: NewEvent[] } {
  const envelopeId = randomUUID();
  const sender = senders[pick(n, 1, senders.length)] as string;
  const receiver = receiverActorId(envelopeId);
  const type = pick(n, 2, 3) === 0 ? 'client' : 'driver';
  const bySms = pick(n, 3, 4) === 0;
  const first = firstNames[pick(n, 4, firstNames.length)];
  const last = lastNames[pick(n, 5, lastNames.length)];
  const client = { ip: `198.51.100.${n % 250}`, userAgent: 'Mozilla/5.0 (bench)' };
  const timeline: [EnvelopeEvent, number, string][] = [
    [
      {
        type: 'EnvelopeSent',
        data: {
          envelopeId,
          id: n,
          templateId: type === 'client' ? 'client-agreement' : 'driver-onboarding-agreement',
          templateVersion: CURRENT_TEMPLATE_VERSION,
          type,
          deliveryMethod: bySms ? 'SMS' : 'email',
          receiverName: `${first} ${last}`,
          receiverEmail: bySms
            ? null
            : `${first?.toLowerCase()}.${last?.toLowerCase()}${n}@receivers.example`,
          receiverPhoneNumber: bySms ? `312${String(n).padStart(7, '0')}` : null,
          organizationName: 'Bench Freight',
          senderName: 'Bench Sender',
          tokenHash: `bench-${n}`,
          expiresAt: expiryFrom(new Date(sentAt), 30),
        },
      },
      sentAt,
      sender,
    ],
  ];
  const fate = fates[pick(n, 6, fates.length)] as EnvelopeStatus;
  const later = (days: number) => sentAt + days * DAY_MS + pick(n, 7, 3_600_000);
  const opened = () =>
    timeline.push([{ type: 'EnvelopeDelivered', data: { envelopeId, ...client } }, later(1), receiver]);
  if (fate === 'resent')
    timeline.push([
      {
        type: 'EnvelopeResent',
        data: { envelopeId, tokenHash: `bench-${n}-2`, expiresAt: expiryFrom(new Date(later(3)), 30) },
      },
      later(3),
      sender,
    ]);
  if (fate === 'delivered' || fate === 'completed' || fate === 'rejected') opened();
  if (fate === 'completed')
    timeline.push([
      {
        type: 'EnvelopeCompleted',
        data: { envelopeId, signerName: `${first} ${last}`, signature: null, ...client },
      },
      later(2),
      receiver,
    ]);
  if (fate === 'rejected')
    timeline.push([
      { type: 'EnvelopeRejected', data: { envelopeId, reason: 'Wrong rate', ...client } },
      later(2),
      receiver,
    ]);
  if (fate === 'voided')
    timeline.push([{ type: 'EnvelopeVoided', data: { envelopeId, voidReason: null } }, later(1), sender]);
  if (fate === 'cancelled')
    timeline.push([
      { type: 'EnvelopeCancelled', data: { envelopeId, reason: 'expired', detail: null } },
      later(30),
      'system:sign-pro',
    ]);
  return {
    stream: envelopeStream(envelopeId),
    events: timeline.map(([event, at, actorId]) => ({
      id: newEventId(),
      type: event.type,
      data: event.data,
      metadata: {
        orgId,
        actorId,
        correlationId: newEventId(),
        causationId: null,
        schemaVersion: ENVELOPE_SCHEMA_VERSION,
        occurredAt: new Date(Math.min(at, Date.now())).toISOString(),
      },
    })),
  };
}

/**
 * One organization's `total` envelopes written to the event store as the command side writes them,
 * sent evenly over the last year by 10 senders, each stream with its whole life in one append.
 */
export async function generateEnvelopes(
  events: EventStore,
  total: number,
): Promise<{ orgId: string; appended: number }> {
  const orgId = randomUUID();
  const senders = Array.from({ length: 10 }, () => randomUUID());
  const start = Date.now() - 365 * DAY_MS;
  const step = (365 * DAY_MS) / total;
  let appended = 0;
  for (let n = 0; n < total; n++) {
    const { stream, events: batch } = envelopeEvents(n + 1, orgId, senders, start + n * step);
    await events.append(stream, batch, { expected: 'no_stream' });
    appended += batch.length;
  }
  return { orgId, appended };
}

/** A list query of the sender's screen, in the words of the list parameters. */
interface Shape {
  name: string;
  group: 'default page' | 'status filter' | 'search, e-mail or phone' | 'search, common surname';
  params: (round: number) => Record<string, string>;
}

const shapes: Shape[] = [
  {
    name: 'default page (latest change first)',
    group: 'default page',
    params: (round) => ({ page: String((round % 5) + 1) }),
  },
  { name: 'status sent, page 2', group: 'status filter', params: () => ({ status: 'sent', page: '2' }) },
  {
    name: 'status delivered + resent, longest waiting first',
    group: 'status filter',
    params: () => ({ status: 'delivered,resent', orderBy: 'lastSentAt', sort: 'asc' }),
  },
  {
    name: 'status rejected, drivers',
    group: 'status filter',
    params: () => ({ status: 'rejected', type: 'driver' }),
  },
  {
    name: 'search a common surname (1 envelope in 20)',
    group: 'search, common surname',
    params: (round) => ({ search: lastNames[round % lastNames.length] as string }),
  },
  {
    name: 'search an e-mail',
    group: 'search, e-mail or phone',
    params: (round) => ({ search: `${1000 + round * 37}@receivers` }),
  },
  {
    name: 'search a phone number, as typed',
    group: 'search, e-mail or phone',
    params: (round) => {
      const digits = String(4 + round * 4_000).padStart(7, '0');
      return { search: `(312) ${digits.slice(0, 3)}-${digits.slice(3)}` };
    },
  },
];

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** The envelopes list and counts (the query API's own code, below HTTP and the session check). */
export async function benchQueries(documents: DocumentStore, orgId: string, label: string, rounds: number) {
  const rows: Row[] = [];
  const groups = new Map<Shape['group'], number[]>();
  for (const shape of shapes) {
    const samples: number[] = [];
    for (let round = -3; round < rounds; round++) {
      const query = envelopeListQuerySchema.parse(shape.params(Math.max(0, round)));
      const ms = await timed(() => envelopesPage(documents, orgId, query));
      if (round >= 0) samples.push(ms);
    }
    groups.set(shape.group, [...(groups.get(shape.group) ?? []), ...samples]);
    rows.push({
      benchmark: `envelopes list, ${label}: ${shape.name}`,
      figure: 'p50 / p95 ms',
      value: `${fmt(percentile(samples, 50), 2)} / ${fmt(percentile(samples, 95), 2)}`,
    });
  }
  const counts: number[] = [];
  for (let round = -3; round < rounds; round++) {
    const type = [undefined, 'driver', 'client'][Math.abs(round) % 3] as 'driver' | 'client' | undefined;
    const ms = await timed(() => envelopeCounts(documents, orgId, type));
    if (round >= 0) counts.push(ms);
  }
  for (const [group, samples] of groups) {
    rows.push({
      benchmark: `envelopes list, ${label}: ${group}`,
      figure: 'p95 ms (goal ≤ 2)',
      value: fmt(percentile(samples, 95), 2),
    });
  }
  rows.push({
    benchmark: `envelopes counts, ${label}: all types, driver, client`,
    figure: 'p95 ms (goal ≤ 2)',
    value: fmt(percentile(counts, 95), 2),
  });
  return rows;
}

/**
 * Sign-pro at scale, on the embedded store: `envelopes` envelopes of one organization written through
 * the event store (sent over the last year by 10 senders, most signed, some open, declined, voided
 * or expired), the envelopes projection building the list and its counters from position 0, then
 * the list (default page, status filters, searches) and the counts queried.
 */
export async function benchEnvelopeQueries(
  options: { envelopes?: number; rounds?: number } = {},
): Promise<Row[]> {
  const total = options.envelopes ?? 100_000;
  const rounds = options.rounds ?? 60;
  const dir = tempDir('envelopes');
  const log = (line: string) => console.error(line);
  const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
  const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
  try {
    let generated = performance.now();
    const { orgId, appended } = await generateEnvelopes(events, total);
    const generateSeconds = (performance.now() - generated) / 1000;
    log(`  appended ${fmt(appended)} events of ${fmt(total)} envelopes in ${fmt(generateSeconds, 1)} s`);

    generated = performance.now();
    // The envelopes projection alone: what the list and the counts read.
    const envelopesOnly = projections.filter((projection) => projection.name === 'envelopes');
    const projector = await startProjector({ eventStore: events, documents, projections: envelopesOnly });
    if (!(await projector.waitFor(await events.headPosition(), 600_000)))
      throw new Error('the projector did not catch up');
    await projector.close();
    const projectSeconds = (performance.now() - generated) / 1000;
    log(`  projected them in ${fmt(projectSeconds, 1)} s; querying`);

    const label = `${fmt(total)} envelopes`;
    return [
      {
        benchmark: `envelopes, ${label}: projector build of the list and counters (${fmt(appended)} events)`,
        figure: 'events/s',
        value: fmt(appended / projectSeconds),
      },
      ...(await benchQueries(documents, orgId, label, rounds)),
    ];
  } finally {
    await documents.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
