import { randomUUID } from 'node:crypto';
import {
  type OrganizationState,
  POSTING_MAX_AGE_DAYS_DEFAULT,
  type PostingExpiryReason,
  postingExpiry,
} from '@dispatch/domain';
import { collections, type ProjectionHold } from '@dispatch/read-models';
import {
  type Document,
  type DocumentStore,
  type EventStore,
  newEventId,
  type StreamAppend,
  WrongExpectedRevisionError,
} from '@dispatch/storage';
import type { FastifyBaseLogger } from 'fastify';
import { loads, trucks } from '../aggregates.ts';
import { type CommandContext, commandMetadata, decideOnRecorded, handle } from '../command-handler.ts';
import { currentOrganizations } from '../organizations/organization-store.ts';
import { repeatedSweep } from '../sweeping.ts';

export interface PostingExpirySweeperOptions {
  store: EventStore;
  documents: DocumentStore;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** How many due postings a page holds (2,000 unless said). */
  pageSize?: number;
  /**
   * The projector of the same process, held while a sweep of more than a page commits: the
   * expiries it would apply meanwhile change nothing the board shows (docs/decisions.md, "Past its
   * expiry moment, off the board when read"), and the sweep has the process's thread to itself.
   */
  projectionHold?: ProjectionHold;
}

/** The actor of the expiries the product records on its own. */
export const POSTINGS_SYSTEM_ACTOR = 'system:postings';

/**
 * How many due postings a sweep reads at a time: their expiries are appended together, in one
 * transaction (one fsync). Smaller pages leave the sweep waiting on the projector's turns between
 * their commits (docs/performance.md#posting-expiry).
 */
const PAGE = 2000;

/** How many of a page's expiries are decided before the event loop serves what waits (the list's reads). */
const SLICE = 500;

type DuePosting = Document & {
  orgId: string;
  expiresAt: string;
  refreshedAt: string;
  availabilityDate: string;
  /** The revision of its stream the row shows. */
  version: number;
};

/** Lets the event loop serve what waits (requests, the projector) between two pages. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Expires the trucks and loads past their expiry (docs/rules.md#posting-age-and-expiry). The live
 * lists find the candidates (`expiresAt` at or before now, indexed), a page at a time, and the page's
 * expiries are appended in one call. A row on the live list is its stream folded up to the revision
 * it shows (`version`): a posting not expired, with the refresh and availability date the row holds,
 * which the decider's `ExpireTruck` or `ExpireLoad` expires. So each expiry is appended expecting that
 * revision without its stream being read, and the store refuses it if anything was appended since.
 * Those refused (the projector behind, a writer in between) are decided as the command path decides
 * them, on their streams, read together (`readStreams`): a posting refreshed, re-dated, expired or
 * removed meanwhile is left as it is. One whose stream moved on again goes through the command path
 * on its own. So a sweep run again, in two processes or after a restart expires nothing twice, and as
 * the due set is everything past, nothing due is ever skipped for good.
 */
export function postingExpirySweeper(options: PostingExpirySweeperOptions) {
  const { store, documents, clock, log } = options;
  const pageSize = options.pageSize ?? PAGE;
  const organizationOf = currentOrganizations(store);

  type Kind = 'trucks' | 'loads';
  type ActiveOrganization = Extract<OrganizationState, { status: 'active' }>;

  function expiryCommand(kind: Kind, posting: DuePosting, organization: ActiveOrganization, now: Date) {
    const { reason } = postingExpiry(posting, {
      timeZone: organization.timeZone,
      postingMaxAgeDays: organization.postingMaxAgeDays ?? POSTING_MAX_AGE_DAYS_DEFAULT,
    });
    const commandId = randomUUID();
    const context: CommandContext = {
      orgId: posting.orgId,
      actorId: POSTINGS_SYSTEM_ACTOR,
      commandId,
      correlationId: commandId,
      now: () => now,
    };
    const seen = { refreshedAt: posting.refreshedAt, availabilityDate: posting.availabilityDate };
    const id = Number(posting.id);
    const data = { orgId: posting.orgId, reason: reason satisfies PostingExpiryReason, seen };
    return kind === 'trucks'
      ? { kind, id, context, command: { type: 'ExpireTruck' as const, data: { truckId: id, ...data } } }
      : { kind, id, context, command: { type: 'ExpireLoad' as const, data: { loadId: id, ...data } } };
  }

  type ExpiryCommand = ReturnType<typeof expiryCommand>;

  const streamOf = (expiry: ExpiryCommand) =>
    expiry.kind === 'trucks' ? trucks.stream(expiry.id) : loads.stream(expiry.id);

  /**
   * The expiry the decider makes of the posting the row shows, appended only if its stream is still
   * at the row's revision (see above).
   */
  function expiryOnRow(posting: DuePosting, expiry: ExpiryCommand): StreamAppend {
    const { reason } = expiry.command.data;
    const event =
      expiry.kind === 'trucks'
        ? { type: 'TruckExpired', data: { truckId: expiry.id, reason } }
        : { type: 'LoadExpired', data: { loadId: expiry.id, reason } };
    const schemaVersion = expiry.kind === 'trucks' ? trucks.schemaVersion : loads.schemaVersion;
    const metadata = commandMetadata(expiry.context, schemaVersion);
    return {
      streamId: streamOf(expiry),
      events: [{ id: newEventId(), ...event, metadata }],
      expected: BigInt(posting.version),
    };
  }

  /** The expiries decided on their streams, read together (those the decider records nothing for left out). */
  async function decideOnStreams(kind: Kind, expiries: ExpiryCommand[]): Promise<Decided[]> {
    let streams: Awaited<ReturnType<EventStore['readStreams']>>;
    try {
      streams = await store.readStreams(expiries.map(streamOf));
    } catch (error) {
      log.error({ err: error, kind, postings: expiries.length }, 'posting expiry failed');
      return [];
    }
    const decided: Decided[] = [];
    for (const expiry of expiries) {
      try {
        const recorded = streams.get(streamOf(expiry)) ?? [];
        const share =
          expiry.kind === 'trucks'
            ? decideOnRecorded(trucks, expiry.id, recorded, expiry.command, expiry.context)
            : decideOnRecorded(loads, expiry.id, recorded, expiry.command, expiry.context);
        if (share) decided.push({ expiry, share });
      } catch (error) {
        log.error({ err: error, kind, id: expiry.id }, 'posting expiry failed');
      }
    }
    return decided;
  }

  /** The expiry through the command path on its own: the stream read again, the decision made anew. */
  async function expireAlone(expiry: ExpiryCommand): Promise<boolean> {
    const result =
      expiry.kind === 'trucks'
        ? await handle(store, trucks, expiry.id, expiry.command, expiry.context)
        : await handle(store, loads, expiry.id, expiry.command, expiry.context);
    return result.events.length > 0;
  }

  type Decided = { expiry: ExpiryCommand; share: StreamAppend };

  /**
   * One page's expiries, each on its row; a row that shows no revision is decided on its stream.
   * Those of a deleted organization are left out.
   */
  async function decidePage(kind: Kind, page: DuePosting[], now: Date): Promise<Decided[]> {
    const organizations = new Map<string, Promise<OrganizationState>>();
    const decided: Decided[] = [];
    const unversioned: ExpiryCommand[] = [];
    for (const [index, posting] of page.entries()) {
      // After the page's read, then every slice.
      if (index % SLICE === 0) await breathe();
      try {
        let organization = organizations.get(posting.orgId);
        if (!organization) {
          organization = organizationOf(posting.orgId);
          organizations.set(posting.orgId, organization);
        }
        const state = await organization;
        // A deleted organization's postings stay as they were: nobody sees them any more.
        if (state.status !== 'active') continue;
        const expiry = expiryCommand(kind, posting, state, now);
        if (Number.isSafeInteger(posting.version))
          decided.push({ expiry, share: expiryOnRow(posting, expiry) });
        else unversioned.push(expiry);
      } catch (error) {
        log.error({ err: error, kind, id: posting.id }, 'posting expiry failed');
      }
    }
    if (unversioned.length > 0) decided.push(...(await decideOnStreams(kind, unversioned)));
    return decided;
  }

  /**
   * Appends a page's expiries together; those whose streams moved on are decided again on them, and
   * appended together again. Answers how many it expired.
   */
  async function appendPage(kind: Kind, decided: Decided[], again = true): Promise<number> {
    if (decided.length === 0) return 0;
    let outcomes: Awaited<ReturnType<EventStore['appendToStreams']>>;
    try {
      outcomes = await store.appendToStreams(decided.map(({ share }) => share));
    } catch (error) {
      // Unanswered: the next pass finds what was not stored still due, and what was expired already.
      log.error({ err: error, kind, postings: decided.length }, 'posting expiry failed');
      return 0;
    }
    let expired = 0;
    const moved: ExpiryCommand[] = [];
    for (const [index, { expiry }] of decided.entries()) {
      const outcome = outcomes[index];
      if (outcome && 'result' in outcome) {
        expired += 1;
        continue;
      }
      try {
        // Its stream moved on since the revision it was decided on: decided again on what it holds now.
        if (outcome?.error instanceof WrongExpectedRevisionError) {
          if (again) moved.push(expiry);
          else if (await expireAlone(expiry)) expired += 1;
        } else throw outcome?.error ?? new Error('The store answered fewer appends than it was given');
      } catch (error) {
        log.error({ err: error, kind, id: expiry.id }, 'posting expiry failed');
      }
    }
    if (moved.length > 0) expired += await appendPage(kind, await decideOnStreams(kind, moved), false);
    return expired;
  }

  /** One pass: the projector held from its first full page on, until the pass is over. */
  interface Pass {
    now: Date;
    holding: boolean;
    over: () => void;
  }

  function holdProjection(pass: Pass) {
    if (pass.holding || !options.projectionHold) return;
    pass.holding = true;
    void options.projectionHold.during(new Promise<void>((resolve) => (pass.over = resolve)));
  }

  /** One kind's due postings, a page at a time, resuming after the last one read (see below). */
  async function sweepKind(kind: Kind, pass: Pass): Promise<number> {
    const { now } = pass;
    const collection = kind === 'trucks' ? collections.trucks : collections.loads;
    const until = now.toISOString();
    let expired = 0;
    // Pages move on from the last posting read, by its expiry instant and then its id: the index
    // serves each page however far the sweep is, and the postings the projector moves out meanwhile
    // shift nothing.
    let at: string | null = null;
    let lastId: string | null = null;
    let appending: Promise<number> = Promise.resolve(0);
    for (;;) {
      const page: DuePosting[] =
        at !== null && lastId !== null
          ? await documents.find<DuePosting>(collection, {
              filter: { expiresAt: { eq: at }, id: { gt: lastId } },
              sort: [{ field: 'id', direction: 'asc' }],
              limit: pageSize,
            })
          : await documents.find<DuePosting>(collection, {
              filter: { expiresAt: at === null ? { lte: until } : { gt: at, lte: until } },
              sort: [
                { field: 'expiresAt', direction: 'asc' },
                { field: 'id', direction: 'asc' },
              ],
              limit: pageSize,
            });
      if (page.length === 0) {
        // The postings due at `at` are done: on to the later ones, or the pass is over.
        if (lastId === null) return expired + (await appending);
        lastId = null;
        continue;
      }
      // A full page: more may follow, and their expiries are committed before they are projected.
      if (page.length === pageSize) holdProjection(pass);
      const decided = await decidePage(kind, page, now);
      // The page before was being committed meanwhile (on SQLite, by the thread that commits): one
      // page in flight at a time, and a pass ends once its last page is answered.
      expired += await appending;
      appending = appendPage(kind, decided);
      const last = page[page.length - 1] as DuePosting;
      at = last.expiresAt;
      lastId = last.id;
      await breathe();
    }
  }

  /** One pass over every posting due at `now`; answers how many it expired. */
  async function sweep(now = clock()): Promise<number> {
    const pass: Pass = { now, holding: false, over: () => {} };
    try {
      return (await sweepKind('trucks', pass)) + (await sweepKind('loads', pass));
    } finally {
      pass.over();
    }
  }

  return repeatedSweep(sweep);
}

export type PostingExpirySweeper = ReturnType<typeof postingExpirySweeper>;
