import { randomUUID } from 'node:crypto';
import type { Mailer, QuotaLedger } from '@dispatch/auth';
import {
  type DeliveryKind,
  EVENT_FEED_CHANGE_KIND,
  type FeedItem,
  type RecordedAttempt,
  signingSecrets,
  WEBHOOK_ATTEMPTS_RECORDED,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookAttemptsRecorded,
  type WebhookEndpoint,
  type WebhookState,
  webhookDecider,
  webhookDeliveriesStream,
  webhookStream,
} from '@dispatch/domain';
import {
  type CommitListener,
  collections,
  type DeliveryAttemptDocument,
  readFeed,
  type WebhookDocument,
} from '@dispatch/read-models';
import { type DocumentStore, type EventStore, StreamNotFoundError } from '@dispatch/storage';
import { webhooks } from '../aggregates.ts';
import { handle, readStreamState, type StreamState } from '../command-handler.ts';
import { type Resolver, systemResolver, type WebhookSettings } from './address-guard.ts';
import { type AttemptLog, attemptLog } from './attempt-log.ts';
import { mailWebhookDisabled } from './disabled-mail.ts';
import { type DeliverySender, type RunOutcome, webhookSender } from './sender.ts';
import { webhookSenderThread } from './sender-thread.ts';
import { concurrencyLimit, Signal } from './signal.ts';
import { systemContext } from './system-context.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How deliveries are paced; tests shorten it. */
export interface DeliveryTiming {
  /** The waits before each retry of an event; past the last, the event is recorded failed. About a day in all. */
  retryDelaysMs: readonly number[];
  /** Each wait is moved by up to this share of it, either way, so that retries do not come in step. */
  jitter: number;
  /** How often the feed is read without a projector commit to wake on, and endpoints are looked up. */
  pollEveryMs: number;
  /** Attempts are recorded this often, or as soon as `flushAt` of them wait. */
  flushEveryMs: number;
  flushAt: number;
  /** Requests in flight at once, over every endpoint. */
  concurrency: number;
  /** How long an endpoint has to answer. */
  timeoutMs: number;
  /** No successful delivery for this long disables the endpoint (WEBHOOK_DISABLE_AFTER_DAYS when not given). */
  disableAfterMs?: number;
}

export const DEFAULT_DELIVERY_TIMING: DeliveryTiming = {
  retryDelaysMs: [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR],
  jitter: 0.1,
  pollEveryMs: 5000,
  flushEveryMs: 250,
  flushAt: 100,
  concurrency: 64,
  timeoutMs: 10_000,
};

/** Events read from the feed at a time, per endpoint. */
const FEED_BATCH = 100;
/** How long a full page of the feed read for one endpoint serves the others following the same feed. */
const PAGE_KEPT_MS = 5000;
const PAGES_KEPT = 256;

/** What a deliverer needs to hear the projector's commits (the change feed). */
export interface CommitSource {
  subscribe(listener: CommitListener): () => void;
}

export interface WebhookDelivererOptions {
  store: EventStore;
  documents: DocumentStore;
  mailer: Mailer;
  quotas: QuotaLedger;
  publicUrl: string;
  settings: WebhookSettings;
  log: { error(object: unknown, message?: string): void; warn(object: unknown, message?: string): void };
  /** The projector's commits: an organization's new events wake its endpoints at once. */
  changes?: CommitSource;
  timing?: Partial<DeliveryTiming>;
  /** How host names are resolved when a delivery connects (the system's DNS unless given). */
  resolve?: Resolver;
  clock?: () => Date;
}

type Outcome = 'done' | 'interrupted';

/**
 * The webhook deliverer: one worker per enabled endpoint follows its organization's event feed after
 * the endpoint's cursor (only its event types) and posts each event in order, one at a time, retrying
 * an event with growing waits before giving up on it and moving on. Endpoints run side by side, with
 * at most `concurrency` requests in flight over all of them, so a slow or dead endpoint delays nobody
 * else. Attempts are recorded in batches with the cursor (see attemptLog), and a restarted deliverer
 * resumes from the last cursor recorded: an event may be delivered twice, never skipped (receivers
 * tell repeats by `webhook-id`). Replays, redeliveries and tests are events of the endpoint's stream
 * the worker takes in; the last one it took in is recorded with its cursor. The requests themselves
 * go out from the sending thread (see webhookSenderThread) as runs of an endpoint's next events that
 * stop at the first failure; everything recorded is written from this thread, through `store`.
 */
export function webhookDeliverer(options: WebhookDelivererOptions) {
  const { store, documents, settings, log } = options;
  const timing: DeliveryTiming = { ...DEFAULT_DELIVERY_TIMING, ...options.timing };
  const disableAfterMs = timing.disableAfterMs ?? settings.disableAfterDays * DAY;
  const clock = options.clock ?? (() => new Date());
  // Requests, signatures and answers go to a thread of their own, off the thread that answers the
  // API; a resolver or clock given here (tests) lives on this thread, so its deliveries are sent from here.
  const sender: DeliverySender =
    options.resolve || options.clock
      ? webhookSender({
          settings,
          resolve: options.resolve ?? systemResolver,
          timeoutMs: timing.timeoutMs,
          clock,
        })
      : webhookSenderThread({
          settings,
          timeoutMs: timing.timeoutMs,
          failed: (error) => log.error({ err: error }, 'webhook sending thread failed'),
        });
  const limit = concurrencyLimit(timing.concurrency);
  const workers = new Map<string, EndpointWorker>();
  // A full page of an organization's feed (FEED_BATCH items after a sequence, of some types) never
  // changes: the feed only grows at its head. The endpoints of one organization following the same
  // types read each page once between them, and send the same array (its JSON made once).
  const pages = new Map<string, { items: FeedItem[]; at: number }>();
  async function readPage(orgId: string, after: number, types: readonly string[]): Promise<FeedItem[]> {
    const key = `${orgId}\n${after}\n${types.join(',')}`;
    const now = performance.now();
    const kept = pages.get(key);
    if (kept && now - kept.at < PAGE_KEPT_MS) return kept.items;
    const items = await readFeed(documents, orgId, { after, types, limit: FEED_BATCH });
    if (items.length === FEED_BATCH) {
      pages.delete(key);
      pages.set(key, { items, at: now });
      if (pages.size > PAGES_KEPT) pages.delete(pages.keys().next().value as string);
    }
    return items;
  }
  // The endpoints read their next events one per turn of the event loop: the answers to the board's
  // requests that came meanwhile go between them, not after every endpoint's read at once.
  let turns: Promise<void> = Promise.resolve();
  const nextTurn = (): Promise<void> => {
    turns = turns.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    return turns;
  };

  const jittered = (delay: number) => Math.round(delay * (1 + timing.jitter * (Math.random() * 2 - 1)));

  class EndpointWorker {
    readonly id: string;
    stream: StreamState<WebhookState> = { state: webhookDecider.initialState(), revision: null };
    cursor = 0;
    /** Events up to here are being sent again after a replay. */
    replayThrough = 0;
    /** Moves with every replay taken in: a run that ended after one leaves the cursor where the replay put it. */
    replays = 0;
    /** The run of feed events under way, ended early when the worker must start over. */
    running: { cancel(): void } | null = null;
    requestsThrough: bigint | null = null;
    lastSuccessAt = 0;
    /** Moves whenever what the worker is doing must start over: a replay, a change of the endpoint, a stop. */
    generation = 0;
    stopped = false;
    readonly wakeUp = new Signal();
    readonly interrupt = new Signal();
    readonly side: { item: FeedItem; kind: DeliveryKind }[] = [];
    sideRun: Promise<void> | null = null;
    run: Promise<void> | null = null;
    chain: Promise<void> = Promise.resolve();
    readonly attempts: AttemptLog;

    constructor(id: string) {
      this.id = id;
      this.attempts = attemptLog({
        store,
        webhookId: id,
        orgId: () => this.orgId,
        progress: () => ({
          deliveredThrough: String(this.cursor),
          requestsThrough: this.requestsThrough === null ? null : this.requestsThrough.toString(),
        }),
        everyMs: timing.flushEveryMs,
        batchSize: timing.flushAt,
        clock,
        failed: (error) => log.error({ err: error, webhookId: id }, 'webhook attempts not recorded'),
      });
    }

    get endpoint(): WebhookEndpoint | null {
      const { state } = this.stream;
      return state.status === 'active' ? state.endpoint : null;
    }

    get orgId(): string {
      const { state } = this.stream;
      return state.status === 'active' ? state.endpoint.orgId : state.status === 'removed' ? state.orgId : '';
    }

    get removed(): boolean {
      return this.stream.state.status !== 'active';
    }

    /** Reads the endpoint and where its deliveries stand, then starts delivering. */
    async start() {
      await this.serially(async () => {
        this.stream = await readStreamState(store, webhookStream(this.id), webhookDecider);
        this.cursor = Number(this.endpoint?.after ?? 0);
        await this.resume();
        this.takeRequests();
      });
      if (this.removed) return this.stop();
      // The sending thread starts with the first endpoint, not with the first event.
      sender.warm?.();
      this.run = this.loop();
    }

    /** The cursor, the requests taken in and the last success, folded from the deliveries stream. */
    async resume() {
      // The read model's last batch, when it has one: only the batches after it are read.
      const listed = await documents.get<WebhookDocument>(collections.webhooks, this.id);
      const known = listed?.deliveries;
      if (known) {
        this.cursor = Number(known.deliveredThrough);
        this.requestsThrough = known.requestsThrough === null ? null : BigInt(known.requestsThrough);
        this.lastSuccessAt = known.lastSuccessAt;
      }
      let recorded: { data: WebhookAttemptsRecorded['data']; type: string }[] = [];
      try {
        const from = known ? { fromRevision: BigInt(known.revision) + 1n } : undefined;
        recorded = (await store.readStream(
          webhookDeliveriesStream(this.id),
          from,
        )) as unknown as typeof recorded;
      } catch (error) {
        if (!(error instanceof StreamNotFoundError)) throw error;
      }
      for (const event of recorded) {
        if (event.type !== WEBHOOK_ATTEMPTS_RECORDED) continue;
        this.cursor = Number(event.data.deliveredThrough);
        this.requestsThrough =
          event.data.requestsThrough === null ? null : BigInt(event.data.requestsThrough);
        for (const attempt of event.data.attempts)
          if (attempt.ok) this.lastSuccessAt = Math.max(this.lastSuccessAt, Date.parse(attempt.at));
      }
    }

    /** Reads what the endpoint's stream gained since, and acts on it. */
    refresh(): Promise<void> {
      return this.serially(async () => {
        const before = this.endpoint;
        this.stream = await readStreamState(store, webhookStream(this.id), webhookDecider, this.stream);
        const after = this.endpoint;
        if (
          !after ||
          !before ||
          after.url !== before.url ||
          after.enabled !== before.enabled ||
          after.eventTypes.join() !== before.eventTypes.join()
        )
          this.restart();
        this.takeRequests();
      }).then(() => {
        if (this.removed) {
          workers.delete(this.id);
          // Not awaited: the refresh may come from the worker's own delivery, which the stop waits for.
          void this.stop();
        }
      });
    }

    serially(run: () => Promise<void>): Promise<void> {
      const next = this.chain.then(run);
      this.chain = next.catch(() => {});
      return next;
    }

    restart() {
      this.generation += 1;
      this.running?.cancel();
      this.interrupt.wake();
      this.wakeUp.wake();
    }

    /** The replays, redeliveries and tests asked since the last taken in. */
    takeRequests() {
      const { state } = this.stream;
      if (state.status !== 'active') return;
      const through = this.requestsThrough;
      const fresh = state.requests.filter((request) => through === null || request.revision > through);
      if (fresh.length === 0) return;
      for (const request of fresh) {
        if (request.kind === 'replay') {
          this.replayThrough = Math.max(this.replayThrough, this.cursor);
          this.replays += 1;
          this.cursor = Math.min(this.cursor, Number(request.after));
          this.restart();
        } else if (request.kind === 'test') {
          this.sendAside(
            {
              id: request.testId,
              sequence: String(this.cursor),
              type: WEBHOOK_TEST_EVENT_TYPE,
              timestamp: request.at,
              data: { webhookId: this.id },
            },
            'test',
          );
        } else {
          void this.redeliver(request.eventId).catch((error) =>
            log.error({ err: error, webhookId: this.id }, 'webhook redelivery failed'),
          );
        }
        this.requestsThrough = request.revision;
      }
      this.attempts.progressed();
    }

    /** The feed's items of an event this endpoint was sent before, sent once more each. */
    async redeliver(eventId: string) {
      const [sent] = await documents.find<DeliveryAttemptDocument>(collections.webhookDeliveries, {
        filter: { webhookId: { eq: this.id }, eventId: { eq: eventId } },
        limit: 1,
      });
      if (!sent) return;
      const sequence = Number(sent.sequence);
      const around = await readFeed(documents, this.orgId, { after: Math.max(0, sequence - 1), limit: 20 });
      for (const item of around) if (item.id === eventId) this.sendAside(item, 'redelivery');
    }

    /** Tests and redeliveries go beside the feed's order, tried once each. */
    sendAside(item: FeedItem, kind: DeliveryKind) {
      this.side.push({ item, kind });
      if (this.sideRun) return;
      this.sideRun = (async () => {
        for (let next = this.side.shift(); next && !this.stopped; next = this.side.shift()) {
          await this.deliver(next.item, next.kind, this.generation, false);
        }
      })().finally(() => {
        this.sideRun = null;
      });
    }

    async loop() {
      while (!this.stopped) {
        await nextTurn();
        if (this.stopped) return;
        const endpoint = this.endpoint;
        if (!endpoint?.enabled) {
          await this.wakeUp.wait(timing.pollEveryMs);
          continue;
        }
        const generation = this.generation;
        let items: FeedItem[];
        try {
          items = await readPage(this.orgId, this.cursor, endpoint.eventTypes);
        } catch (error) {
          log.error({ err: error, webhookId: this.id }, 'webhook feed not read');
          await this.wakeUp.wait(timing.pollEveryMs);
          continue;
        }
        if (items.length === 0) {
          await this.wakeUp.wait(timing.pollEveryMs);
          continue;
        }
        await this.deliverInOrder(items, generation);
      }
    }

    /**
     * Sends the feed's items in order, as runs that go on until an event fails (it is then retried on
     * its own, see deliver): each event delivered moves the cursor past it.
     */
    async deliverInOrder(items: FeedItem[], generation: number) {
      const replays = this.replays;
      for (let index = 0; index < items.length; ) {
        const endpoint = this.endpoint;
        if (!endpoint?.enabled || this.stopped || generation !== this.generation) return;
        const rest = index === 0 ? items : items.slice(index);
        const outcomes = await limit(async () => {
          if (this.stopped || generation !== this.generation) return [];
          const run = sender.run(endpoint.url, rest, signingSecrets(endpoint, clock()));
          this.running = run;
          try {
            return await run.done;
          } finally {
            this.running = null;
          }
        });
        for (const outcome of outcomes) {
          const item = items[index];
          if (!item) return;
          // A failure cut short by a stop is no attempt: the event is sent again when deliveries resume.
          if (!outcome.ok && this.stopped) return;
          const kind = this.kindOf(item);
          if (!outcome.ok) {
            if (generation !== this.generation) {
              this.record(this.attemptOf(item, kind, 1, outcome, null));
              return;
            }
            const ended = await this.deliver(item, kind, generation, true, outcome);
            if (ended === 'interrupted' || generation !== this.generation) return;
          } else {
            this.record(this.attemptOf(item, kind, 1, outcome, null));
            this.lastSuccessAt = Math.max(this.lastSuccessAt, outcome.at);
          }
          index += 1;
          // What was delivered stays delivered, unless a replay moved the cursor back meanwhile: the
          // run's other requests were made all the same, so each is still recorded.
          if (this.replays !== replays) {
            // Sent again by the replay, it is sent as a replay.
            this.replayThrough = Math.max(this.replayThrough, Number(item.sequence));
            continue;
          }
          this.cursor = Number(item.sequence);
          this.attempts.progressed();
        }
        if (generation !== this.generation) return;
        // A run that sent nothing ended with the sending thread: the events are tried again after a
        // pause (a thread that cannot start is not started again and again).
        if (outcomes.length === 0) {
          await this.pause(timing.pollEveryMs, generation);
          return;
        }
      }
    }

    kindOf(item: FeedItem): DeliveryKind {
      return Number(item.sequence) <= this.replayThrough ? 'replay' : 'feed';
    }

    attemptOf(
      item: FeedItem,
      kind: DeliveryKind,
      attempt: number,
      { at, ...outcome }: RunOutcome,
      wait: number | null,
    ): RecordedAttempt {
      return {
        id: randomUUID(),
        eventId: item.id,
        eventType: item.type,
        sequence: item.sequence,
        kind,
        attempt,
        at: new Date(at).toISOString(),
        ...outcome,
        nextAttemptAt: wait === null ? null : new Date(at + wait).toISOString(),
      };
    }

    /**
     * Posts one event until it is delivered or given up on; 'interrupted' when the worker must start
     * over. `first` is the outcome of a first attempt already made (in a run).
     */
    async deliver(
      item: FeedItem,
      kind: DeliveryKind,
      generation: number,
      retries: boolean,
      first?: RunOutcome,
    ): Promise<Outcome> {
      for (let attempt = 1; ; attempt++) {
        const endpoint = this.endpoint;
        if (!endpoint?.enabled || this.stopped) return 'interrupted';
        const outcome = attempt === 1 && first ? first : await this.sendOne(endpoint, item);
        // A request cut short by a stop is no attempt: it is made again when deliveries resume.
        if (!outcome || this.stopped) return 'interrupted';
        const delay = retries && !outcome.ok ? timing.retryDelaysMs[attempt - 1] : undefined;
        const wait = delay === undefined ? null : jittered(delay);
        this.record(this.attemptOf(item, kind, attempt, outcome, wait));
        if (outcome.ok) {
          this.lastSuccessAt = Math.max(this.lastSuccessAt, outcome.at);
          return 'done';
        }
        if (await this.disableIfDead(endpoint, new Date(outcome.at))) return 'interrupted';
        if (wait === null) return 'done';
        if (!(await this.pause(wait, generation))) return 'interrupted';
      }
    }

    /** One attempt at one event (null when the sending thread ended before making it). */
    async sendOne(endpoint: WebhookEndpoint, item: FeedItem): Promise<RunOutcome | null> {
      const [outcome] = await limit(
        () => sender.run(endpoint.url, [item], signingSecrets(endpoint, clock())).done,
      );
      return outcome ?? null;
    }

    record(attempt: RecordedAttempt) {
      this.attempts.add(attempt);
    }

    /** Waits `ms` unless the worker must start over first (false then). */
    async pause(ms: number, generation: number): Promise<boolean> {
      const until = Date.now() + ms;
      while (!this.stopped && generation === this.generation) {
        const left = until - Date.now();
        if (left <= 0) return true;
        await this.interrupt.wait(left);
      }
      return false;
    }

    /** An endpoint with no success for `disableAfterMs` (since it was enabled) is disabled, and its organization told. */
    async disableIfDead(endpoint: WebhookEndpoint, at: Date): Promise<boolean> {
      const since = Math.max(this.lastSuccessAt, Date.parse(endpoint.enabledAt));
      if (at.getTime() - since < disableAfterMs) return false;
      const days = settings.disableAfterDays;
      const reason = `No successful delivery for ${days} ${days === 1 ? 'day' : 'days'}`;
      try {
        const result = await handle(
          store,
          webhooks,
          this.id,
          { type: 'DisableWebhook', data: { webhookId: this.id, orgId: endpoint.orgId, reason } },
          systemContext(endpoint.orgId, at),
        );
        if (result.events.length === 0) return true;
        await this.refresh();
        await mailWebhookDisabled({
          documents,
          mailer: options.mailer,
          quotas: options.quotas,
          publicUrl: options.publicUrl,
          orgId: endpoint.orgId,
          url: endpoint.url,
          reason,
        });
      } catch (error) {
        log.error({ err: error, webhookId: this.id }, 'webhook could not be disabled or its mail sent');
      }
      return true;
    }

    wake() {
      this.wakeUp.wake();
    }

    async stop() {
      this.stopped = true;
      this.restart();
      await this.run;
      await this.sideRun;
      await this.attempts.flush();
    }
  }

  function ensure(id: string): EndpointWorker {
    let worker = workers.get(id);
    if (!worker) {
      const created = new EndpointWorker(id);
      worker = created;
      workers.set(id, created);
      created.start().catch((error) => {
        workers.delete(id);
        log.error({ err: error, webhookId: id }, 'webhook deliveries could not start');
      });
    }
    return worker;
  }

  /** Every endpoint of the read model has a worker, up to date with its stream. */
  async function reconcile() {
    const seen = new Set<string>();
    for (let skip = 0; ; skip += 500) {
      const page = await documents.find<WebhookDocument>(collections.webhooks, {
        filter: {},
        sort: [{ field: 'id', direction: 'asc' }],
        skip,
        limit: 500,
      });
      for (const document of page) {
        seen.add(document.id);
        const known = workers.get(document.id);
        if (!known) ensure(document.id);
        else if (known.stream.revision === null || BigInt(document.revision) > known.stream.revision)
          void known.refresh().catch((error) => log.error({ err: error }, 'webhook endpoint not read'));
      }
      if (page.length < 500) break;
    }
    for (const [id, worker] of workers) {
      if (!seen.has(id))
        void worker.refresh().catch((error) => log.error({ err: error }, 'webhook endpoint not read'));
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let reconciling: Promise<void> | null = null;
  const reconcileOnce = () => {
    reconciling ??= reconcile()
      .catch((error) => log.error({ err: error }, 'webhook endpoints not read'))
      .finally(() => {
        reconciling = null;
      });
    return reconciling;
  };

  return {
    async start() {
      unsubscribe =
        options.changes?.subscribe((commit) => {
          for (const change of commit.changes) {
            if (change.kind !== EVENT_FEED_CHANGE_KIND) continue;
            for (const worker of workers.values()) if (worker.orgId === change.orgId) worker.wake();
          }
        }) ?? null;
      await reconcileOnce();
      timer = setInterval(() => void reconcileOnce(), timing.pollEveryMs);
      timer.unref();
    },
    /** A command changed an endpoint: its worker reads it now rather than at the next poll. */
    touch(webhookId: string) {
      if (!timer) return;
      const known = workers.get(webhookId);
      if (known)
        void known.refresh().catch((error) => log.error({ err: error }, 'webhook endpoint not read'));
      else ensure(webhookId);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      await reconciling;
      const stopping = [...workers.values()].map((worker) => worker.stop());
      // Requests in flight are not waited for (an endpoint may take its whole timeout).
      await sender.destroy();
      await Promise.all(stopping);
      workers.clear();
    },
    /** Records every attempt waiting to be recorded (tests, a clean stop). */
    async flush() {
      await Promise.all([...workers.values()].map((worker) => worker.attempts.flush()));
    },
  };
}
export type WebhookDeliverer = ReturnType<typeof webhookDeliverer>;
