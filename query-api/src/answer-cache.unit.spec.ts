import type { CommitListener } from '@dispatch/read-models';
import { describe, expect, it, vi } from 'vitest';
import { createAnswerCache, listAnswerKey } from './answer-cache.ts';
import { clockFromCommits } from './projection-clock.ts';

/** The real projection clock, moved by hand as the projector's commits would move it. */
function projector() {
  const listeners = new Set<CommitListener>();
  const clock = clockFromCommits(
    {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    10n,
  );
  const commit = (position: bigint) => {
    for (const listener of listeners) listener({ position, changes: [] });
  };
  return { clock, commit };
}

function counted<T>(value: () => T) {
  let reads = 0;
  return {
    read: async () => {
      reads++;
      return value();
    },
    reads: () => reads,
  };
}

describe('the answer cache', () => {
  it('answers from one reading until the projector commits', async () => {
    const { clock, commit } = projector();
    const cache = createAnswerCache(clock);
    let board = 'before';
    const source = counted(() => board);

    expect(await cache.answer('trucks', source.read)).toBe('before');
    board = 'after';
    expect(await cache.answer('trucks', source.read)).toBe('before');
    expect(source.reads()).toBe(1);

    commit(11n);
    expect(await cache.answer('trucks', source.read)).toBe('after');
    expect(source.reads()).toBe(2);
  });

  it('retires its answers when a rebuild switches over at the same position', async () => {
    const { clock, commit } = projector();
    const cache = createAnswerCache(clock);
    await cache.answer('trucks', async () => 'old read models');

    commit(10n);

    expect(await cache.answer('trucks', async () => 'rebuilt read models')).toBe('rebuilt read models');
  });

  it('serves an answer only until the moment it holds until, commit or not', async () => {
    const { clock } = projector();
    const cache = createAnswerCache(clock);
    let board = 'with the truck';
    const source = counted(() => board);
    const until = Date.now() + 60_000;

    expect(await cache.answer('trucks', source.read, until)).toBe('with the truck');
    board = 'without it';
    expect(await cache.answer('trucks', source.read, until)).toBe('with the truck');
    vi.useFakeTimers({ toFake: ['Date'], now: until });
    try {
      expect(await cache.answer('trucks', source.read, until)).toBe('without it');
    } finally {
      vi.useRealTimers();
    }
    expect(source.reads()).toBe(2);
  });

  it('serves an answer until a moment worked out from it', async () => {
    const { clock } = projector();
    const cache = createAnswerCache(clock);
    const at = Date.now() + 60_000;
    let next = at;
    const source = counted(() => next);

    expect(await cache.answer('next expiry', source.read, (moment) => moment)).toBe(at);
    next = at + 60_000;
    expect(await cache.answer('next expiry', source.read, (moment) => moment)).toBe(at);
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    try {
      expect(await cache.answer('next expiry', source.read, (moment) => moment)).toBe(at + 60_000);
    } finally {
      vi.useRealTimers();
    }
    expect(source.reads()).toBe(2);
  });

  it('shares one reading among concurrent requests', async () => {
    const { clock } = projector();
    const cache = createAnswerCache(clock);
    const source = counted(() => 'page');

    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.answer('trucks', source.read)));

    expect(new Set(answers)).toEqual(new Set(['page']));
    expect(source.reads()).toBe(1);
  });

  it('does not serve a reading begun before a commit once the commit is in', async () => {
    const { clock, commit } = projector();
    const cache = createAnswerCache(clock);
    let release: (value: string) => void = () => {};
    const slow = cache.answer('trucks', () => new Promise<string>((resolve) => (release = resolve)));
    commit(11n);
    release('old');
    expect(await slow).toBe('old');

    expect(await cache.answer('trucks', async () => 'new')).toBe('new');
  });

  it('keeps no failed reading', async () => {
    const { clock } = projector();
    const cache = createAnswerCache(clock);

    await expect(cache.answer('trucks', async () => Promise.reject(new Error('disk')))).rejects.toThrow(
      'disk',
    );
    expect(await cache.answer('trucks', async () => 'page')).toBe('page');
  });

  it('keeps answers apart by key and drops the oldest beyond its size', async () => {
    const { clock } = projector();
    const cache = createAnswerCache(clock, 2);
    const a = counted(() => 'a');
    await cache.answer('a', a.read);
    await cache.answer('b', async () => 'b');
    await cache.answer('c', async () => 'c');

    expect(await cache.answer('b', async () => 'other')).toBe('b');
    expect(await cache.answer('a', a.read)).toBe('a');
    expect(a.reads()).toBe(2);
  });

  it('keys a list by organization, local date and query', () => {
    const keys = new Set([
      listAnswerKey('trucks', 'org-1', '2026-11-23', { page: 0 }),
      listAnswerKey('trucks', 'org-2', '2026-11-23', { page: 0 }),
      listAnswerKey('trucks', 'org-1', '2026-11-24', { page: 0 }),
      listAnswerKey('trucks', 'org-1', '2026-11-23', { page: 1 }),
      listAnswerKey('loads', 'org-1', '2026-11-23', { page: 0 }),
    ]);
    expect(keys.size).toBe(5);
  });
});
