import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { HeadPosition } from './head-position.ts';

/** Fallback for file systems where change notifications are missing or unreliable (network mounts). */
const safetyPollMs = 1_000;

/**
 * Wakes subscriptions when the log grew. Appends from this process call `notify()` directly; appends
 * from other processes are noticed through the file watcher, and at worst by the poll. Both only
 * re-check the head position, so a notification for an unrelated write costs one index lookup.
 * Nothing here keeps the process alive: the watcher is not persistent and the timer is unref'd.
 */
export class AppendSignal {
  readonly #file: string | null;
  readonly #head: HeadPosition;
  readonly #listeners = new Set<() => void>();
  #watcher: FSWatcher | undefined;
  #poll: NodeJS.Timeout | undefined;
  #checkScheduled = false;
  #knownHead = 0n;

  /** `file` is null for an in-memory database, which no other connection can write to. */
  constructor(file: string | null, head: HeadPosition) {
    this.#file = file === null ? null : resolve(file);
    this.#head = head;
  }

  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#startWatching();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#stopWatching();
    };
  }

  notify(): void {
    for (const listener of this.#listeners) listener();
  }

  close(): void {
    this.#listeners.clear();
    this.#stopWatching();
  }

  #startWatching(): void {
    if (this.#file === null) return;
    this.#knownHead = this.#head();
    const file = this.#file;
    const name = basename(file);
    try {
      // The directory, not the file: the -wal file is created and removed as connections come and go.
      this.#watcher = watch(dirname(file), { persistent: false }, (_event, changed) => {
        if (changed === null || changed.startsWith(name)) this.#scheduleCheck();
      });
      this.#watcher.on('error', () => this.#stopWatcher());
    } catch {
      // Watching is an optimisation; the poll below still finds every append.
    }
    this.#poll = setInterval(() => this.#check(), safetyPollMs).unref();
  }

  #stopWatcher(): void {
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  #stopWatching(): void {
    this.#stopWatcher();
    clearInterval(this.#poll);
    this.#poll = undefined;
  }

  /** One burst of file events (a large append touches the WAL many times) costs one check. */
  #scheduleCheck(): void {
    if (this.#checkScheduled) return;
    this.#checkScheduled = true;
    setImmediate(() => {
      this.#checkScheduled = false;
      this.#check();
    }).unref();
  }

  #check(): void {
    if (this.#listeners.size === 0) return;
    let head: bigint;
    try {
      head = this.#head();
    } catch {
      // Busy or closing: the next event or poll checks again.
      return;
    }
    if (head > this.#knownHead) {
      this.#knownHead = head;
      this.notify();
    }
  }
}
