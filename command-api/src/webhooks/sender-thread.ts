import { Worker } from 'node:worker_threads';
import type { FeedItem } from '@dispatch/domain';
import type { WebhookSettings } from './address-guard.ts';
import type { DeliveryRun, DeliverySender, RunOutcome } from './sender.ts';

/** A run of deliveries to one endpoint the thread is asked to make (see DeliverySender.run). */
export interface RunRequest {
  id: number;
  url: string;
  items: readonly FeedItem[];
  secrets: readonly string[];
}

/** The outcomes of a run, once it ended. */
export interface RunAnswer {
  id: number;
  outcomes: RunOutcome[];
}

/**
 * What the sending thread is told: runs to make (a turn's worth at a time, as the JSON of a
 * `RunRequest[]`: one string crosses faster than the objects it holds), runs to end early, or to end
 * every request at once.
 */
export type ToSenderThread =
  | { type: 'runs'; runs: string }
  | { type: 'cancel'; id: number }
  | { type: 'destroy' };

/** What it answers: the runs that ended in the same turn (the JSON of a `RunAnswer[]`), and that it ended every request. */
export type FromSenderThread = { type: 'ran'; answers: string } | { type: 'destroyed' };

/** What the thread starts from. */
export interface SenderThreadData {
  settings: Pick<WebhookSettings, 'allowPrivateAddresses' | 'deliveriesPerSecond'>;
  timeoutMs?: number;
  userAgent?: string;
}

/** Longest a destroy waits for the thread to end its requests before it is terminated. */
const DESTROY_WAIT_MS = 2000;

/**
 * The webhook sender (see webhookSender) in a worker thread of its own: the requests, their
 * signatures, the sockets and the reading of the answers take no turns on the calling thread, which
 * hands over a run of an endpoint's events and takes back their outcomes (runs asked for or ended in
 * the same turn share one message each way). The thread starts with `warm` or the first run (a board
 * without webhooks never starts it) and keeps the process alive only while runs are under way. It
 * has the system's DNS and clock only: a deliverer given its own sends on its own thread.
 */
export function webhookSenderThread(
  options: SenderThreadData & { failed?: (error: Error) => void },
): DeliverySender {
  let worker: Worker | null = null;
  let next = 0;
  const pending = new Map<number, (outcomes: RunOutcome[]) => void>();
  // Each run's JSON is made when it is asked for (in its endpoint's own turn), not all at once when they go.
  let queued: { id: number; json: string }[] = [];
  // The same events sent to several endpoints (one array) are made JSON once.
  const itemsJson = new WeakMap<readonly FeedItem[], string>();
  const jsonOf = (items: readonly FeedItem[]) => {
    let json = itemsJson.get(items);
    if (json === undefined) {
      json = JSON.stringify(items);
      itemsJson.set(items, json);
    }
    return json;
  };
  let destroyed: (() => void) | null = null;

  // Runs under way when the thread ends answer with nothing sent: their events are sent again.
  function settleAll() {
    for (const resolve of pending.values()) resolve([]);
    pending.clear();
  }

  function spawn(): Worker {
    if (worker) return worker;
    const data: SenderThreadData = {
      settings: {
        allowPrivateAddresses: options.settings.allowPrivateAddresses,
        deliveriesPerSecond: options.settings.deliveriesPerSecond,
      },
      timeoutMs: options.timeoutMs,
      userAgent: options.userAgent,
    };
    const thread = new Worker(new URL('./sender-worker.ts', import.meta.url), { workerData: data });
    thread.unref();
    worker = thread;
    thread.on('message', (message: FromSenderThread) => {
      if (message.type === 'destroyed') {
        destroyed?.();
        return;
      }
      for (const { id, outcomes } of JSON.parse(message.answers) as RunAnswer[]) {
        const resolve = pending.get(id);
        pending.delete(id);
        resolve?.(outcomes);
      }
      if (pending.size === 0) thread.unref();
    });
    thread.on('error', (error) => options.failed?.(error));
    thread.once('exit', () => {
      if (worker === thread) worker = null;
      destroyed?.();
      settleAll();
    });
    return thread;
  }

  function flush() {
    const runs = queued;
    queued = [];
    if (runs.length > 0)
      spawn().postMessage({
        type: 'runs',
        runs: `[${runs.map((run) => run.json).join(',')}]`,
      } satisfies ToSenderThread);
  }

  return {
    warm() {
      spawn();
    },
    run(url: string, items: readonly FeedItem[], secrets: readonly string[]): DeliveryRun {
      const id = next++;
      const thread = spawn();
      thread.ref();
      // The runs asked for in the same turn go over together.
      if (queued.length === 0) setImmediate(flush);
      // The JSON of a RunRequest, its events' part shared.
      queued.push({
        id,
        json: `{"id":${id},"url":${JSON.stringify(url)},"secrets":${JSON.stringify(secrets)},"items":${jsonOf(items)}}`,
      });
      const done = new Promise<RunOutcome[]>((resolve) => pending.set(id, resolve));
      return {
        done,
        cancel() {
          const waiting = queued.findIndex((run) => run.id === id);
          if (waiting >= 0) {
            queued.splice(waiting, 1);
            pending.get(id)?.([]);
            pending.delete(id);
          } else if (pending.has(id)) worker?.postMessage({ type: 'cancel', id } satisfies ToSenderThread);
        },
      };
    },
    async destroy() {
      const thread = worker;
      if (!thread) return;
      flush();
      thread.ref();
      const done = new Promise<void>((resolve) => {
        destroyed = resolve;
        setTimeout(resolve, DESTROY_WAIT_MS).unref();
      });
      thread.postMessage({ type: 'destroy' } satisfies ToSenderThread);
      await done;
      destroyed = null;
      worker = null;
      await thread.terminate();
      settleAll();
    },
  };
}
