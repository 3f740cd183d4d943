import { hostname } from 'node:os';
import {
  PLATFORM_ORG_ID,
  WEBHOOK_DELIVERER_LEASE_CLAIMED,
  WEBHOOK_SYSTEM_ACTOR,
  type WebhookDelivererLeaseClaimed,
  webhookDelivererLeaseStream,
} from '@dispatch/domain';
import {
  type EventStore,
  eventMetadata,
  newEventId,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@dispatch/storage';

const HOUR = 3_600_000;

/** The longest a lease may run: a claim must land in every hour's stream while its holder lives. */
export const MAX_LEASE_MS = 10 * 60_000;

interface Standing {
  revision: bigint;
  holder: string;
  until: number;
}

/** A name that tells the processes on one store apart (and one process's successive deliverers). */
export const newLeaseHolder = () => `${hostname()}:${process.pid}:${newEventId().slice(-12)}`;

/**
 * The lease that lets one process at a time deliver webhooks, kept on the event store: a claim is
 * appended at the revision of the last claim read, so of two processes claiming at once one wins and
 * the other sees a wrong expected revision. A holder renews its claim well before it runs out; another
 * process takes the lease over only once it has run out (or was given up). Claims go to a stream per
 * hour, so a process that starts reads at most an hour's claims; the first claim of an hour respects a
 * claim of the hour before that still runs. Every process reads the time from its own clock: the
 * processes sharing a store are expected to agree on it to well within a lease.
 */
export function delivererLease(options: {
  store: EventStore;
  holder: string;
  leaseMs: number;
  clock?: () => Date;
}) {
  const { store, holder } = options;
  const leaseMs = Math.min(options.leaseMs, MAX_LEASE_MS);
  const clock = options.clock ?? (() => new Date());
  /** The last claim read of each stream still of use (this hour's and the one before). */
  const known = new Map<string, Standing>();
  let heldUntil = 0;

  async function latest(stream: string): Promise<Standing | null> {
    const cached = known.get(stream);
    let events: Awaited<ReturnType<EventStore['readStream']>> = [];
    try {
      events = await store.readStream(stream, cached ? { fromRevision: cached.revision + 1n } : undefined);
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    const last = events.at(-1) as
      | (WebhookDelivererLeaseClaimed & { revision: bigint; type: string })
      | undefined;
    if (!last || last.type !== WEBHOOK_DELIVERER_LEASE_CLAIMED) return cached ?? null;
    const standing = {
      revision: last.revision,
      holder: last.data.holder,
      until: Date.parse(last.data.until),
    };
    known.set(stream, standing);
    return standing;
  }

  async function append(stream: string, expected: bigint | 'no_stream', at: Date, until: number) {
    const claimed: WebhookDelivererLeaseClaimed = {
      type: WEBHOOK_DELIVERER_LEASE_CLAIMED,
      data: { holder, until: new Date(until).toISOString() },
    };
    const correlationId = newEventId();
    const { nextRevision } = await store.append(
      stream,
      [
        {
          id: newEventId(),
          ...claimed,
          metadata: eventMetadata(
            {
              orgId: PLATFORM_ORG_ID,
              actorId: WEBHOOK_SYSTEM_ACTOR,
              correlationId,
              causationId: null,
              occurredAt: at,
            },
            1,
          ),
        },
      ],
      { expected },
    );
    known.set(stream, { revision: nextRevision, holder, until });
    for (const name of known.keys()) if (name !== stream && known.size > 2) known.delete(name);
  }

  return {
    holder,
    /** Claims the lease, or renews it when this holder has it; true when it is this holder's now. */
    async claim(): Promise<boolean> {
      const at = clock();
      const now = at.getTime();
      const hour = Math.floor(now / HOUR);
      const stream = webhookDelivererLeaseStream(hour);
      const current = await latest(stream);
      // An hour's first claim: the last of the hour before may still run.
      const standing = current ?? (await latest(webhookDelivererLeaseStream(hour - 1)));
      if (standing && standing.holder !== holder && standing.until > now) return false;
      try {
        await append(stream, current ? current.revision : 'no_stream', at, now + leaseMs);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        // Another process claimed first: read its claim, so the next try starts from it.
        await latest(stream);
        return false;
      }
      heldUntil = now + leaseMs;
      return true;
    },
    /** Whether this holder's last claim still runs. */
    held(): boolean {
      return heldUntil > clock().getTime();
    },
    /** Gives the lease up at once (a clean stop), so another process need not wait for it to run out. */
    async release(): Promise<void> {
      if (!this.held()) return;
      heldUntil = 0;
      const at = clock();
      const stream = webhookDelivererLeaseStream(Math.floor(at.getTime() / HOUR));
      const current = await latest(stream);
      if (current && current.holder !== holder) return;
      try {
        await append(stream, current ? current.revision : 'no_stream', at, at.getTime());
      } catch (error) {
        // Another process claimed meanwhile: there is nothing left to give up.
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    },
  };
}
export type DelivererLease = ReturnType<typeof delivererLease>;

/** What runs while the lease is held: started when it is won, stopped when it is lost or given up. */
export interface LeasedWork {
  start(): Promise<void>;
  touch(webhookId: string): void;
  stop(): Promise<void>;
}

/**
 * Webhook deliveries under the lease: tries for it every third of a lease, and runs a fresh deliverer
 * (from `open`) while it holds it. A claim that fails for the store's sake keeps the deliverer going
 * until the last claim runs out; one another process won stops it.
 */
export function leasedDeliveries(options: {
  lease: DelivererLease;
  leaseMs: number;
  open: () => LeasedWork;
  log: { error(object: unknown, message?: string): void };
}) {
  const { lease, log } = options;
  let running: LeasedWork | null = null;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let stopped = false;

  async function tick() {
    let holds = false;
    try {
      holds = await lease.claim();
    } catch (error) {
      log.error({ err: error }, 'webhook delivery lease not claimed');
      holds = lease.held();
    }
    if (stopped) return;
    if (holds && !running) {
      const work = options.open();
      running = work;
      await work.start();
    } else if (!holds && running) {
      const work = running;
      running = null;
      await work.stop();
    }
  }

  const tickOnce = () => {
    ticking ??= tick()
      .catch((error) => log.error({ err: error }, 'webhook deliveries not started or stopped'))
      .finally(() => {
        ticking = null;
      });
    return ticking;
  };

  return {
    async start() {
      stopped = false;
      await tickOnce();
      timer = setInterval(() => void tickOnce(), Math.max(1, Math.floor(options.leaseMs / 3)));
      timer.unref();
    },
    touch(webhookId: string) {
      running?.touch(webhookId);
    },
    /** Whether this process delivers now. */
    get delivering(): boolean {
      return running !== null;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
      const work = running;
      running = null;
      // Every attempt is recorded before another process may take over from the recorded cursor.
      await work?.stop();
      await lease
        .release()
        .catch((error) => log.error({ err: error }, 'webhook delivery lease not given up'));
    },
  };
}
export type LeasedDeliveries = ReturnType<typeof leasedDeliveries>;
