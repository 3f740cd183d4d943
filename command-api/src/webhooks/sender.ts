import type { FeedItem } from '@dispatch/domain';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { assertPublicLiteral, guardedLookup, type Resolver, type WebhookSettings } from './address-check.ts';
import { ratePace } from './signal.ts';

/** What an endpoint answered, or why it could not answer. */
export interface SendOutcome {
  ok: boolean;
  status: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/** One delivery of a run: its outcome, and when it was made (ms since the epoch, as signed). */
export interface RunOutcome extends SendOutcome {
  at: number;
}

/** Deliveries to one endpoint under way: the outcomes of those made once it ends, and a way to end it early. */
export interface DeliveryRun {
  done: Promise<RunOutcome[]>;
  /** No further delivery of the run starts (the one in flight finishes). */
  cancel(): void;
}

/** What the deliverer sends through: on its own thread (webhookSender) or another (webhookSenderThread). */
export interface DeliverySender {
  /** Posts `items` to `url` in order, one at a time, until one fails or the run is cancelled. */
  run(url: string, items: readonly FeedItem[], secrets: readonly string[]): DeliveryRun;
  /** Ends every request in flight at once (each answers as failed). */
  destroy(): Promise<void>;
  /** Makes ready to send (a thread starts), before the first delivery. */
  warm?(): void;
}

/**
 * Sends `items` in order with `send`, one at a time, until one fails or the run is cancelled; each
 * waits for its turn of `pace` first, when given.
 */
export function sendInOrder(
  send: (url: string, item: FeedItem, secrets: readonly string[], at: Date) => Promise<SendOutcome>,
  url: string,
  items: readonly FeedItem[],
  secrets: readonly string[],
  clock: () => Date = () => new Date(),
  pace?: { take(): Promise<void> | null },
): DeliveryRun {
  let cancelled = false;
  const done = (async () => {
    const outcomes: RunOutcome[] = [];
    for (const item of items) {
      if (cancelled) break;
      const turn = pace?.take();
      if (turn) {
        await turn;
        if (cancelled) break;
      }
      const at = clock();
      const outcome = await send(url, item, secrets, at);
      outcomes.push({ ...outcome, at: at.getTime() });
      if (!outcome.ok) break;
    }
    return outcomes;
  })();
  return {
    done,
    cancel() {
      cancelled = true;
    },
  };
}

/** The most of an answer's body the delivery log keeps. */
export const EXCERPT_BYTES = 1024;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Deliveries a second over every endpoint, unless set (WEBHOOK_DELIVERIES_PER_SECOND). */
export const DELIVERIES_PER_SECOND = 3000;
const ERROR_MAX = 500;

/** The signer of each secret in use, made once: a few per endpoint (current and rotated-out). */
const signers = new Map<string, Webhook>();
const MAX_SIGNERS = 10_000;

function signerOf(secret: string): Webhook {
  let signer = signers.get(secret);
  if (!signer) {
    if (signers.size >= MAX_SIGNERS) signers.clear();
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/**
 * The Standard Webhooks headers of one delivery: `webhook-signature` holds one `v1,` signature per
 * secret, space-separated (the current secret's, then a rotated-out one's while it still signs), made by
 * the convention's own library.
 */
export function signedHeaders(item: FeedItem, body: string, secrets: readonly string[], at: Date) {
  const signatures = secrets.map((secret) => signerOf(secret).sign(item.id, at, body));
  return {
    'webhook-id': item.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

async function excerptOf(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= EXCERPT_BYTES) break;
  }
  // Past the excerpt the answer is not read: the connection is closed instead.
  if (length >= EXCERPT_BYTES) body.destroy();
  if (length === 0) return null;
  return Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
}

/**
 * Posts deliveries: one connection pool for every endpoint, whose sockets resolve the host when they
 * connect and refuse non-public addresses (unless allowed); redirects are not followed, and an
 * endpoint has `timeoutMs` to answer. At most `deliveriesPerSecond` go out a second over every
 * endpoint, first come first served, so that a fan-out leaves the board's thread its share of the CPU.
 */
export function webhookSender(options: {
  settings: Pick<WebhookSettings, 'allowPrivateAddresses' | 'deliveriesPerSecond'>;
  resolve: Resolver;
  timeoutMs?: number;
  userAgent?: string;
  /** The time of each delivery of a run (the system's clock unless given). */
  clock?: () => Date;
}) {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const pace = ratePace(options.settings.deliveriesPerSecond ?? DELIVERIES_PER_SECOND);
  const agent = new Agent({
    connect: { lookup: guardedLookup(options.settings, options.resolve), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 8,
  });

  async function send(
    url: string,
    item: FeedItem,
    secrets: readonly string[],
    at: Date,
  ): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const body = JSON.stringify(item);
    try {
      assertPublicLiteral(new URL(url), options.settings);
      const response = await request(url, {
        method: 'POST',
        dispatcher: agent,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': options.userAgent ?? 'Dispatch-Webhooks/1',
          ...signedHeaders(item, body, secrets, at),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const responseExcerpt = await excerptOf(response.body);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return {
        ok,
        status: response.statusCode,
        durationMs: elapsed(),
        responseExcerpt,
        error: ok ? null : `The endpoint answered ${response.statusCode}`,
      };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      const message = error instanceof Error ? `${error.message}${cause}` : String(error);
      return {
        ok: false,
        status: null,
        durationMs: elapsed(),
        responseExcerpt: null,
        error: message.slice(0, ERROR_MAX),
      };
    }
  }

  /** `close` lets requests in flight finish; `destroy` ends them at once. */
  return {
    send,
    run: (url: string, items: readonly FeedItem[], secrets: readonly string[]) =>
      sendInOrder(send, url, items, secrets, options.clock, pace),
    close: () => agent.close(),
    destroy: () => agent.destroy(),
  };
}
export type WebhookSender = ReturnType<typeof webhookSender>;
