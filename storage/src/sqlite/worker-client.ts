import {
  MessageChannel,
  type MessagePort,
  parentPort,
  receiveMessageOnPort,
  Worker,
} from 'node:worker_threads';

interface Request<T> {
  id: number;
  body: T;
}

type Response<R> = { id: number; result: R } | { id: number; error: string };

/** Asks the serving thread to answer requests on this port too (see `WorkerClient.share`). */
interface Attach {
  attach: MessagePort;
}

/**
 * Requests to a worker thread of SQLite work, answered in the order asked. The thread keeps the process
 * alive only while requests are under way, as an open connection on the main thread would not.
 *
 * A client either owns its thread (it starts it and stops it) or is attached to a thread another
 * client owns, through a port that client shared (`share`): a store opened on another thread then
 * writes through the same thread, so the file has one writer and no connection waits for another's lock.
 */
export class WorkerClient<T, R> {
  readonly #endpoint: Worker | MessagePort;
  readonly #pending = new Map<number, { resolve: (result: R) => void; reject: (error: Error) => void }>();
  #next = 0;
  #failure: Error | null = null;

  constructor(script: URL | MessagePort, workerData?: unknown) {
    this.#endpoint = script instanceof URL ? new Worker(script, { workerData }) : script;
    const endpoint = this.#endpoint;
    endpoint.unref();
    endpoint.on('message', (response: Response<R>) => {
      const pending = this.#pending.get(response.id);
      this.#pending.delete(response.id);
      if (this.#pending.size === 0) endpoint.unref();
      if ('error' in response) pending?.reject(new Error(response.error));
      else pending?.resolve(response.result);
    });
    if (endpoint instanceof Worker) {
      endpoint.on('error', (error) => this.#fail(error));
      endpoint.on('exit', (code) => this.#fail(new Error(`The worker thread stopped (exit code ${code})`)));
    } else {
      endpoint.on('close', () => this.#fail(new Error('The worker thread stopped')));
    }
  }

  #fail(error: Error) {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  get busy(): boolean {
    return this.#pending.size > 0;
  }

  request(body: T): Promise<R> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#next++;
    return new Promise<R>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#endpoint.ref();
      this.#endpoint.postMessage({ id, body } satisfies Request<T>);
    });
  }

  /**
   * A port to this client's thread for a client on another thread (`new WorkerClient(port)`): its
   * requests are served after this client's, when both wait (the thread's owner comes first).
   */
  share(): MessagePort {
    if (!(this.#endpoint instanceof Worker)) throw new Error('Only the thread’s own client shares it');
    const { port1, port2 } = new MessageChannel();
    this.#endpoint.postMessage({ attach: port2 } satisfies Attach, [port2]);
    return port1;
  }

  /** Lets the thread finish the requests under way, then stops it (an attached client lets go of it). */
  async close(settled: Promise<unknown>): Promise<void> {
    await settled.catch(() => {});
    if (this.#failure) return;
    this.#failure = new Error('The store is closed');
    const endpoint = this.#endpoint;
    if (!(endpoint instanceof Worker)) {
      endpoint.close();
      return;
    }
    const exited = new Promise((resolve) => endpoint.once('exit', resolve));
    endpoint.ref();
    endpoint.postMessage('close');
    await exited;
  }
}

/**
 * What a request's handler may do while it runs: a long request from an attached client (a rebuild's
 * batch) asks whether the owner has requests waiting, and serves them before it goes on.
 */
export interface Turn {
  /** Whether the request is the owner's (attached clients' requests give way to the owner's). */
  readonly fromOwner: boolean;
  /** Whether the owner has requests waiting, messages that arrived meanwhile included. */
  ownerWaiting(): boolean;
  /** Answers the owner's waiting requests now, each in full, in order. */
  serveOwner(): void;
}

/**
 * The worker side: answers each request with `handle` (an error becomes the request's rejection) and
 * calls `onClose` when asked to stop. Requests from its owner come first; those of attached clients
 * (other threads' stores, see `WorkerClient.share`) are served when none of the owner's waits, one
 * at a time, so the owner's next request waits for at most one of theirs, or for the part of one under
 * way when that one gives way (see `Turn`).
 */
export function serveRequests<T, R>(
  handle: (body: T, turn: Turn) => { result: R; transfer?: ArrayBuffer[] },
  onClose: () => void,
): void {
  const port = parentPort;
  if (!port) throw new Error('This module runs as a worker thread');
  const owners: { request: Request<T>; from: MessagePort }[] = [];
  const others: { request: Request<T>; from: MessagePort }[] = [];
  const attached = new Set<MessagePort>();
  let scheduled = false;
  /** Requests being answered (an owner's served within an attached client's makes two). */
  let answering = 0;
  let closeAsked = false;
  let closed = false;

  const turnOf = (fromOwner: boolean): Turn => ({
    fromOwner,
    ownerWaiting() {
      // Messages that arrived while this thread was busy are not dispatched until it returns: take them.
      for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port))
        route(received.message as Request<T> | Attach | 'close');
      return owners.length > 0;
    },
    serveOwner() {
      for (let next = owners.shift(); next; next = owners.shift()) answer(next.request, next.from, true);
    },
  });
  const answer = (request: Request<T>, from: MessagePort, fromOwner: boolean) => {
    let outcome: { result: R; transfer?: ArrayBuffer[] };
    answering++;
    try {
      outcome = handle(request.body, turnOf(fromOwner));
    } catch (error) {
      from.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
      return;
    } finally {
      answering--;
    }
    from.postMessage({ id: request.id, result: outcome.result }, outcome.transfer ?? []);
  };
  const closeNow = () => {
    if (closed) return;
    closed = true;
    // Whatever is still queued is answered first: a close follows the owner's last request.
    for (const { request, from } of owners.splice(0)) answer(request, from, true);
    for (const { request, from } of others.splice(0)) answer(request, from, false);
    onClose();
    for (const other of attached) other.close();
    port.close();
  };
  const serveNext = () => {
    scheduled = false;
    if (closed) return;
    const owner = owners.shift();
    const next = owner ?? others.shift();
    if (!next) return;
    answer(next.request, next.from, owner !== undefined);
    if (closeAsked) closeNow();
    // The next one after the messages that arrived meanwhile are in the queues.
    else schedule();
  };
  const schedule = () => {
    if (scheduled || (owners.length === 0 && others.length === 0)) return;
    scheduled = true;
    setImmediate(serveNext);
  };
  function route(message: Request<T> | Attach | 'close') {
    if (message === 'close') {
      closeAsked = true;
      // Asked while a request is answered: once it is.
      if (answering === 0) closeNow();
      return;
    }
    if ('attach' in message) {
      const other = message.attach;
      attached.add(other);
      other.on('message', (request: Request<T>) => {
        others.push({ request, from: other });
        schedule();
      });
      other.on('close', () => attached.delete(other));
      return;
    }
    owners.push({ request: message, from: port as MessagePort });
    schedule();
  }

  port.on('message', route);
}
