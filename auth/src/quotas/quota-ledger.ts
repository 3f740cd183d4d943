import { createHash, randomUUID } from 'node:crypto';
import {
  checkQuotaRules,
  countedTimes,
  effectiveLimits,
  emptyLedger,
  evolveLedger,
  type LedgerState,
  type OrganizationLimits,
  PLATFORM_ORG_ID,
  phoneCodeRules,
  QUOTA_LIMITS_SET,
  QUOTA_RELEASED,
  QUOTA_SCHEMA_VERSION,
  QUOTA_SKIPPED,
  QUOTA_TAKEN,
  type QuotaChannel,
  type QuotaEvent,
  type QuotaKind,
  type QuotaLimitsSet,
  type QuotaRefusal,
  type QuotaRule,
  type QuotaSettings,
  quotaChannels,
  quotaDay,
  quotaStreams,
  quotaWindowMs,
  sendRules,
} from '@dispatch/domain';
import {
  type EventStore,
  type ExpectedRevision,
  eventMetadata,
  newEventId,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@dispatch/storage';

const DAY_MS = quotaWindowMs.day;
/** A ledger is read once more this long after its day ended, for the appends another process made late in it. */
const CLOSING_GRACE_MS = 60_000;
/** How long an organization's limits set by an admin may take to reach another process. */
const LIMITS_FRESH_MS = 5_000;
const MAX_ATTEMPTS = 8;

/** Whom a send goes to, as the ledger keys it: an e-mail address or a US phone number. */
export function receiverKey(receiver: string): string {
  const trimmed = receiver.trim().toLowerCase();
  const digits = trimmed.replace(/\D/g, '');
  const normal = !trimmed.includes('@') && digits.length >= 10 ? `+1${digits.slice(-10)}` : trimmed;
  return createHash('sha256').update(normal).digest('hex').slice(0, 32);
}

interface CachedLedger {
  revision: bigint | null;
  state: LedgerState;
  /** Read after its day was over: nothing more will be appended to it. */
  closed: boolean;
}

export interface QuotaTakeRequest {
  /** The sending organization; null for what belongs to no organization (phone codes). */
  orgId: string | null;
  userId: string;
  channel: QuotaChannel;
  kind: QuotaKind;
  /** The address or number the send goes to; null when the send names none. */
  receiver: string | null;
  /** Rules checked before the quotas (a narrower limit of the route's own). */
  extraRules?: QuotaRule[];
  /** Where the request that sends came from, recorded on its ledger events as on every command's. */
  client?: QuotaClient;
}

/** The caller's correlation id and address, and its User-Agent, as the request gave them. */
export interface QuotaClient {
  correlationId?: string;
  ip?: string;
  userAgent?: string;
}

export type QuotaTake =
  | {
      granted: true;
      takeId: string;
      /** How many more the first rule allows now (this send counted). */
      remaining: number;
      release(): Promise<void>;
    }
  | { granted: false; refusal: QuotaRefusal };

export interface OrganizationUsageFacts {
  young: boolean;
  youngUntil: string | null;
  limits: OrganizationLimits;
  custom: OrganizationLimitsRecord | null;
  channels: { channel: QuotaChannel; lastHour: number; lastDay: number; skippedLastDay: number }[];
}

export interface OrganizationLimitsRecord {
  limits: OrganizationLimits;
  setBy: string;
  setAt: string;
}

async function readFrom(store: EventStore, streamId: string, fromRevision: bigint) {
  try {
    return await store.readStream(streamId, { fromRevision });
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
}

/** When the organization was created (its stream's first event), or null for one that does not exist. */
async function organizationCreatedAt(store: EventStore, orgId: string): Promise<number | null> {
  const [first] = await readFrom(store, `organization-${orgId}`, 0n);
  return first ? Date.parse(first.metadata.occurredAt) : null;
}

/** The limits a platform admin set for the organization, the latest of them, or null. */
export async function readOrganizationLimits(
  store: EventStore,
  orgId: string,
): Promise<OrganizationLimitsRecord | null> {
  const events = await readFrom(store, quotaStreams.limits(orgId), 0n);
  const last = events.filter((event) => event.type === QUOTA_LIMITS_SET).at(-1);
  if (!last) return null;
  const { limits, setBy } = (last as unknown as QuotaLimitsSet).data;
  return { limits, setBy, setAt: last.metadata.occurredAt };
}

/**
 * The quota ledgers: every counted send is a `QuotaTaken` event on the sender's ledger stream (the
 * organization's, by UTC day) and on the receiver's (a hash of the address or number, by day), each
 * appended with the revision this process last saw. A process that missed another's append gets a
 * revision conflict, reads what it missed and decides again, so two processes never both take the
 * last unit. Within a process, sends to the same ledgers wait for each other (no conflict to retry),
 * and the ledgers are kept in memory: the usual send costs its appends and no read.
 */
export class QuotaLedger {
  readonly #store: EventStore;
  readonly #settings: QuotaSettings;
  readonly #now: () => number;
  readonly #ledgers = new Map<string, CachedLedger>();
  readonly #locks = new Map<string, Promise<unknown>>();
  readonly #createdAt = new Map<string, number | null>();
  readonly #limits = new Map<string, { record: OrganizationLimitsRecord | null; readAt: number }>();

  constructor(store: EventStore, settings: QuotaSettings, now: () => number = Date.now) {
    this.#store = store;
    this.#settings = settings;
    this.#now = now;
  }

  get settings(): QuotaSettings {
    return this.#settings;
  }

  /** Counts one send when every rule allows it; otherwise counts nothing and says which quota stands. */
  async take(request: QuotaTakeRequest): Promise<QuotaTake> {
    const own = request.orgId
      ? (day: string) => quotaStreams.organization(request.orgId as string, day)
      : (day: string) => quotaStreams.user(request.userId, day);
    const key = request.receiver === null ? null : receiverKey(request.receiver);
    const receiver = key === null ? null : (day: string) => quotaStreams.receiver(key, day);
    const rules = [...(request.extraRules ?? []), ...(await this.#rulesOf(request, receiver !== null))];
    const lockKeys = [own('*'), ...(receiver ? [receiver('*')] : [])].sort();
    return this.#locked(lockKeys, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const now = this.#now();
        const entries = {
          own: await this.#entries(own, now),
          receiver: receiver ? await this.#entries(receiver, now) : [],
        };
        const refusal = checkQuotaRules(rules, entries, now);
        if (refusal) return { granted: false as const, refusal };
        const takeId = randomUUID();
        const taken: QuotaEvent = {
          type: QUOTA_TAKEN,
          data: { takeId, channel: request.channel, kind: request.kind, userId: request.userId, at: now },
        };
        const ownStream = own(quotaDay(now));
        if (!(await this.#append(ownStream, taken, request))) continue;
        if (receiver && !(await this.#append(receiver(quotaDay(now)), taken, request))) {
          // Another process counted a send to this receiver meanwhile: undo ours and decide again.
          await this.#appendAny(ownStream, { type: QUOTA_RELEASED, data: { takeId } }, request);
          continue;
        }
        const release = async () => {
          await this.#locked(lockKeys, async () => {
            await this.#appendAny(ownStream, { type: QUOTA_RELEASED, data: { takeId } }, request);
            if (receiver)
              await this.#appendAny(
                receiver(quotaDay(now)),
                { type: QUOTA_RELEASED, data: { takeId } },
                request,
              );
          });
        };
        const [first] = rules;
        const remaining = first ? first.limit - countedTimes(first, entries, now).length - 1 : 0;
        return { granted: true as const, takeId, remaining, release };
      }
      throw new WrongExpectedRevisionError(own(quotaDay(this.#now())), 'any', 'no_stream');
    });
  }

  /** Records on the organization's ledger a send the product held back for a quota. */
  async recordSkip(request: QuotaTakeRequest & { orgId: string }, refusal: QuotaRefusal): Promise<void> {
    const own = (day: string) => quotaStreams.organization(request.orgId, day);
    await this.#locked([own('*')], async () => {
      const now = this.#now();
      await this.#appendAny(
        own(quotaDay(now)),
        {
          type: QUOTA_SKIPPED,
          data: {
            channel: request.channel,
            kind: request.kind,
            userId: request.userId,
            scope: refusal.rule.scope,
            window: refusal.rule.window,
            at: now,
          },
        },
        request,
      );
    });
  }

  /** What the organization sent in the last hour and day, per channel, and the limits it is held to. */
  async usage(orgId: string): Promise<OrganizationUsageFacts> {
    return readOrganizationUsage(this.#store, this.#settings, orgId, this.#now());
  }

  /** Forgets what this process holds of an organization's limits (after an admin set them here). */
  forgetLimits(orgId: string) {
    this.#limits.delete(orgId);
  }

  async #rulesOf(request: QuotaTakeRequest, withReceiver: boolean): Promise<QuotaRule[]> {
    if (request.kind === 'phone-code') return phoneCodeRules(this.#settings, request.userId);
    const orgId = request.orgId ?? PLATFORM_ORG_ID;
    const [createdAt, custom] = await Promise.all([
      this.#organizationCreatedAt(orgId),
      this.#organizationLimits(orgId),
    ]);
    const young =
      createdAt !== null && this.#now() - createdAt < this.#settings.youngOrganizationDays * DAY_MS;
    const limits = effectiveLimits(this.#settings, {
      young: young && !custom,
      custom: custom?.limits ?? null,
    });
    return sendRules(this.#settings, limits, {
      channel: request.channel,
      userId: request.userId,
      young: young && !custom,
      withReceiver,
    });
  }

  async #organizationCreatedAt(orgId: string): Promise<number | null> {
    const known = this.#createdAt.get(orgId);
    if (known !== undefined && known !== null) return known;
    const createdAt = await organizationCreatedAt(this.#store, orgId);
    if (this.#createdAt.size > 10_000) this.#createdAt.clear();
    this.#createdAt.set(orgId, createdAt);
    return createdAt;
  }

  async #organizationLimits(orgId: string): Promise<OrganizationLimitsRecord | null> {
    const now = this.#now();
    const known = this.#limits.get(orgId);
    if (known && now - known.readAt < LIMITS_FRESH_MS) return known.record;
    const record = await readOrganizationLimits(this.#store, orgId);
    if (this.#limits.size > 10_000) this.#limits.clear();
    this.#limits.set(orgId, { record, readAt: now });
    return record;
  }

  /** The entries of the ledger's last two days, read from the store only where this process lacks them. */
  async #entries(stream: (day: string) => string, now: number) {
    const today = quotaDay(now);
    const yesterday = quotaDay(now - DAY_MS);
    this.#forgetOlderThan(yesterday);
    const [older, newer] = await Promise.all([
      this.#ledger(stream(yesterday), true),
      this.#ledger(stream(today), false),
    ]);
    return [...older.state.entries, ...newer.state.entries];
  }

  async #ledger(streamId: string, dayOver: boolean): Promise<CachedLedger> {
    let cached = this.#ledgers.get(streamId);
    if (cached && (cached.closed || !dayOver)) return cached;
    cached ??= { revision: null, state: emptyLedger(), closed: false };
    await this.#catchUp(streamId, cached);
    if (dayOver)
      cached.closed = this.#now() - Date.parse(`${streamDay(streamId)}T23:59:59.999Z`) > CLOSING_GRACE_MS;
    this.#ledgers.set(streamId, cached);
    return cached;
  }

  async #catchUp(streamId: string, cached: CachedLedger) {
    const from = cached.revision === null ? 0n : cached.revision + 1n;
    for (const event of await readFrom(this.#store, streamId, from)) {
      cached.state = evolveLedger(cached.state, event);
      cached.revision = event.revision;
    }
  }

  #forgetOlderThan(day: string) {
    if (this.#ledgers.size < 1000) return;
    for (const streamId of this.#ledgers.keys())
      if (streamDay(streamId) < day) this.#ledgers.delete(streamId);
  }

  /** Appends at the revision this process holds; false (after catching up) when another was first. */
  async #append(streamId: string, event: QuotaEvent, request: QuotaTakeRequest): Promise<boolean> {
    const cached = await this.#ledger(streamId, false);
    const expected: ExpectedRevision = cached.revision ?? 'no_stream';
    try {
      const { nextRevision } = await this.#store.append(streamId, [this.#newEvent(event, request)], {
        expected,
      });
      cached.state = evolveLedger(cached.state, event);
      cached.revision = nextRevision;
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      await this.#catchUp(streamId, cached);
      return false;
    }
  }

  /** Appends whatever the revision (a release or a skip changes no decision), then catches up. */
  async #appendAny(streamId: string, event: QuotaEvent, request: QuotaTakeRequest) {
    await this.#store.append(streamId, [this.#newEvent(event, request)], { expected: 'any' });
    const cached = this.#ledgers.get(streamId);
    if (cached) await this.#catchUp(streamId, cached);
  }

  #newEvent(event: QuotaEvent, request: QuotaTakeRequest) {
    const { correlationId = randomUUID(), ip, userAgent } = request.client ?? {};
    return {
      id: newEventId(),
      type: event.type,
      data: event.data,
      // A ledger entry is no command's decision: nothing caused it but the request.
      metadata: eventMetadata(
        {
          orgId: request.orgId ?? PLATFORM_ORG_ID,
          actorId: request.userId,
          correlationId,
          causationId: null,
          occurredAt: new Date(this.#now()),
          ip,
          userAgent,
        },
        QUOTA_SCHEMA_VERSION,
      ),
    };
  }

  /** Runs `work` once no other work of this process holds any of `keys`. */
  async #locked<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    const before = keys.map((key) => this.#locks.get(key) ?? Promise.resolve());
    const run = Promise.allSettled(before).then(work);
    const done = run.catch(() => undefined);
    for (const key of keys) this.#locks.set(key, done);
    try {
      return await run;
    } finally {
      for (const key of keys) if (this.#locks.get(key) === done) this.#locks.delete(key);
    }
  }
}

const streamDay = (streamId: string) => streamId.slice(-10);

/** An organization's usage read straight from its ledgers (what the admin screen shows). */
export async function readOrganizationUsage(
  store: EventStore,
  settings: QuotaSettings,
  orgId: string,
  now: number,
): Promise<OrganizationUsageFacts> {
  const [createdAt, custom, older, newer] = await Promise.all([
    organizationCreatedAt(store, orgId),
    readOrganizationLimits(store, orgId),
    readFrom(store, quotaStreams.organization(orgId, quotaDay(now - DAY_MS)), 0n),
    readFrom(store, quotaStreams.organization(orgId, quotaDay(now)), 0n),
  ]);
  let state = emptyLedger();
  for (const event of [...older, ...newer]) state = evolveLedger(state, event);
  const youngUntil = createdAt === null ? null : createdAt + settings.youngOrganizationDays * DAY_MS;
  const young = youngUntil !== null && now < youngUntil;
  const within = (at: number, windowMs: number) => at > now - windowMs && at <= now;
  return {
    young,
    youngUntil: youngUntil === null ? null : new Date(youngUntil).toISOString(),
    limits: effectiveLimits(settings, { young: young && !custom, custom: custom?.limits ?? null }),
    custom,
    channels: quotaChannels.map((channel) => {
      const sent = state.entries.filter((entry) => entry.channel === channel);
      return {
        channel,
        lastHour: sent.filter((entry) => within(entry.at, quotaWindowMs.hour)).length,
        lastDay: sent.filter((entry) => within(entry.at, DAY_MS)).length,
        skippedLastDay: state.skips.filter((skip) => skip.channel === channel && within(skip.at, DAY_MS))
          .length,
      };
    }),
  };
}
