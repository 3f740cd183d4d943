import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { HeadPosition } from './head-position.ts';

/** Fallback for file systems where change notifications are missing or unreliable (network mounts). */
const safetyPollMs = 1_000;
const firstRecheckMs = 2;
const maxRecheckMs = 100;
const recheckWindowMs = 500;

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
  #recheck: NodeJS.Timeout | undefined;
  #recheckUntil = 0;
  #recheckDelay = firstRecheckMs;
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
    clearTimeout(this.#recheck);
    this.#recheck = undefined;
  }

  /**
   * File events arrive while the other process writes WAL frames, before its commit becomes visible
   * (the last step of a commit touches only the memory-mapped index, which raises no event). So the
   * head is re-checked a few times at growing intervals after the last event instead of just once.
   */
  #scheduleCheck(): void {
    this.#recheckUntil = Date.now() + recheckWindowMs;
    this.#recheckDelay = firstRecheckMs;
    if (this.#recheck !== undefined) return;
    const tick = () => {
      this.#check();
      if (Date.now() >= this.#recheckUntil || this.#listeners.size === 0) {
        this.#recheck = undefined;
        return;
      }
      this.#recheckDelay = Math.min(this.#recheckDelay * 2, maxRecheckMs);
      this.#recheck = setTimeout(tick, this.#recheckDelay).unref();
    };
    this.#recheck = setTimeout(tick, 0).unref();
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
