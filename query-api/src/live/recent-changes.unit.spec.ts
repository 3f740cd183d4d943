import { describe, expect, it } from 'vitest';
import { MAX_CAUGHT_UP_IDS, RECENT_COMMITS, RECENT_COMMITS_MS, RecentChanges } from './recent-changes.ts';

const commit = (position: number, changes: { kind: string; orgId: string; ids: (string | number)[] }[]) => ({
  position: BigInt(position),
  changes,
});

describe('the changes a reconnecting client missed', () => {
  it('merges them per kind at their last position, oldest first, for its organization and its own user only', () => {
    const recent = new RecentChanges(10n);
    recent.add(commit(11, [{ kind: 'trucks', orgId: 'a', ids: [1] }]));
    recent.add(
      commit(12, [
        { kind: 'loads', orgId: 'a', ids: [7] },
        { kind: 'trucks', orgId: 'b', ids: [2] },
      ]),
    );
    recent.add(commit(13, [{ kind: 'notifications', orgId: 'a', ids: ['u1', 'u2'] }]));
    recent.add(
      commit(14, [
        { kind: 'trucks', orgId: 'a', ids: [1, 3] },
        { kind: 'events', orgId: 'a', ids: [5] },
      ]),
    );
    expect(recent.since(10n, 'a', 'u1')).toEqual([
      { kind: 'loads', ids: [7], position: '12', orgId: 'a' },
      { kind: 'notifications', ids: ['u1'], position: '13', orgId: 'a' },
      { kind: 'trucks', ids: [1, 3], position: '14', orgId: 'a' },
    ]);
    expect(recent.since(12n, 'a', 'u3')).toEqual([
      { kind: 'trucks', ids: [1, 3], position: '14', orgId: 'a' },
    ]);
    expect(recent.since(14n, 'a', 'u1')).toEqual([]);
  });

  it('does not know a position before it started, nor one older than what it keeps', () => {
    let now = 0;
    const recent = new RecentChanges(10n, () => now);
    expect(recent.since(9n, 'a', 'u')).toBeNull();
    recent.add(commit(11, [{ kind: 'trucks', orgId: 'a', ids: [1] }]));
    now = RECENT_COMMITS_MS + 1;
    recent.add(commit(12, [{ kind: 'trucks', orgId: 'a', ids: [2] }]));
    // The commit at 11 aged out: a client at 10 may have missed it.
    expect(recent.since(10n, 'a', 'u')).toBeNull();
    expect(recent.since(11n, 'a', 'u')).toEqual([{ kind: 'trucks', ids: [2], position: '12', orgId: 'a' }]);

    const full = new RecentChanges(0n);
    for (let position = 1; position <= RECENT_COMMITS + 1; position++) full.add(commit(position, []));
    expect(full.since(0n, 'a', 'u')).toBeNull();
    expect(full.since(1n, 'a', 'u')).toEqual([]);
  });

  it('says to re-read rather than send more ids of one kind than a screen should refetch', () => {
    const recent = new RecentChanges(0n);
    const ids = Array.from({ length: MAX_CAUGHT_UP_IDS + 1 }, (_, index) => index + 1);
    recent.add(commit(1, [{ kind: 'trucks', orgId: 'a', ids }]));
    expect(recent.since(0n, 'a', 'u')).toBeNull();
  });
});
