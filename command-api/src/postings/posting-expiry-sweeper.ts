import { randomUUID } from 'node:crypto';
import {
  type OrganizationState,
  POSTING_MAX_AGE_DAYS_DEFAULT,
  type PostingExpiryReason,
  postingExpiry,
} from '@dispatch/domain';
import { collections } from '@dispatch/read-models';
import type { Document, DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyBaseLogger } from 'fastify';
import { loads, trucks } from '../aggregates.ts';
import { type CommandContext, handle } from '../command-handler.ts';
import { currentOrganizations } from '../organizations/organization-store.ts';
import { repeatedSweep } from '../sweeping.ts';

export interface PostingExpirySweeperOptions {
  store: EventStore;
  documents: DocumentStore;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The actor of the expiries the product records on its own. */
export const POSTINGS_SYSTEM_ACTOR = 'system:postings';

/** How many due postings a sweep reads at a time, and how many of a page it expires at once. */
const PAGE = 500;
const AT_ONCE = 16;

type DuePosting = Document & {
  orgId: string;
  expiresAt: string;
  refreshedAt: string;
  availabilityDate: string;
};

/** Lets the event loop serve what waits (requests, the projector) between two pages. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Expires the trucks and loads past their expiry (docs/rules.md#posting-age-and-expiry). The live
 * lists find the candidates (`expiresAt` at or before now, indexed); each is expired through the
 * command path, on its own events: a posting refreshed, re-dated, expired or removed since it was
 * read is left as it is, so a sweep run again, in two processes or after a restart expires nothing
 * twice, and as the due set is everything past, nothing due is ever skipped for good.
 */
export function postingExpirySweeper(options: PostingExpirySweeperOptions) {
  const { store, documents, clock, log } = options;
  const organizationOf = currentOrganizations(store);

  async function expireOne(
    kind: 'trucks' | 'loads',
    posting: DuePosting,
    organization: Extract<OrganizationState, { status: 'active' }>,
    now: Date,
  ): Promise<boolean> {
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
    const result =
      kind === 'trucks'
        ? await handle(
            store,
            trucks,
            id,
            { type: 'ExpireTruck', data: { truckId: id, orgId: posting.orgId, reason, seen } },
            context,
          )
        : await handle(
            store,
            loads,
            id,
            {
              type: 'ExpireLoad',
              data: { loadId: id, orgId: posting.orgId, reason: reason satisfies PostingExpiryReason, seen },
            },
            context,
          );
    return result.events.length > 0;
  }

  /** One kind's due postings, a page at a time, resuming after the last one read (see below). */
  async function sweepKind(kind: 'trucks' | 'loads', now: Date): Promise<number> {
    const collection = kind === 'trucks' ? collections.trucks : collections.loads;
    const until = now.toISOString();
    let expired = 0;
    // Pages move on from the last posting read, by its expiry instant and then its id: the index
    // serves each page however far the sweep is, and the postings the projector moves out meanwhile
    // shift nothing.
    let at: string | null = null;
    let lastId: string | null = null;
    for (;;) {
      const page: DuePosting[] =
        at !== null && lastId !== null
          ? await documents.find<DuePosting>(collection, {
              filter: { expiresAt: { eq: at }, id: { gt: lastId } },
              sort: [{ field: 'id', direction: 'asc' }],
              limit: PAGE,
            })
          : await documents.find<DuePosting>(collection, {
              filter: { expiresAt: at === null ? { lte: until } : { gt: at, lte: until } },
              sort: [
                { field: 'expiresAt', direction: 'asc' },
                { field: 'id', direction: 'asc' },
              ],
              limit: PAGE,
            });
      if (page.length === 0) {
        // The postings due at `at` are done: on to the later ones, or the pass is over.
        if (lastId === null) return expired;
        lastId = null;
        continue;
      }
      for (let start = 0; start < page.length; start += AT_ONCE) {
        const results = await Promise.all(
          page.slice(start, start + AT_ONCE).map(async (posting) => {
            try {
              const organization = await organizationOf(posting.orgId);
              // A deleted organization's postings stay as they were: nobody sees them any more.
              if (organization.status !== 'active') return false;
              return await expireOne(kind, posting, organization, now);
            } catch (error) {
              log.error({ err: error, kind, id: posting.id }, 'posting expiry failed');
              return false;
            }
          }),
        );
        expired += results.filter(Boolean).length;
      }
      const last = page[page.length - 1] as DuePosting;
      at = last.expiresAt;
      lastId = last.id;
      await breathe();
    }
  }

  /** One pass over every posting due at `now`; answers how many it expired. */
  async function sweep(now = clock()): Promise<number> {
    return (await sweepKind('trucks', now)) + (await sweepKind('loads', now));
  }

  return repeatedSweep(sweep);
}

export type PostingExpirySweeper = ReturnType<typeof postingExpirySweeper>;
