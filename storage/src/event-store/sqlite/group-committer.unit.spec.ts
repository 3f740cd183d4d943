import { expect, it } from 'vitest';
import type { AppendRequest } from './append-to-stream.ts';
import type { AppendOutcome } from './group-commit.ts';
import { GroupCommitter } from './group-committer.ts';

const request = (streamId: string, events = 1): AppendRequest => ({
  streamId,
  expected: 'any',
  events: Array.from({ length: events }, (_, i) => ({
    id: `${streamId}-${i}`,
    type: 'T',
    data: '{}',
    metadata: '{}',
  })),
});

/** A committer that holds each commit until released, recording the groups it was given. */
function heldCommits() {
  const groups: string[][] = [];
  const releases: (() => void)[] = [];
  let position = 0n;
  const commit = (requests: AppendRequest[]) => {
    groups.push(requests.map((r) => r.streamId));
    return new Promise<AppendOutcome[]>((resolve) => {
      releases.push(() =>
        resolve(
          requests.map((r): AppendOutcome => {
            if (r.streamId.startsWith('bad')) {
              return { conflict: { streamId: r.streamId, expected: r.expected, actual: 'no_stream' } };
            }
            position += BigInt(r.events.length);
            return { result: { nextRevision: 0n, position } };
          }),
        ),
      );
    });
  };
  const release = async () => {
    while (releases.length === 0) await Promise.resolve();
    releases.shift()?.();
  };
  return { groups, commit, release };
}

it('puts the appends of one tick in one group, and those that arrive during a commit in the next', async () => {
  const held = heldCommits();
  let commits = 0;
  const committer = new GroupCommitter(held.commit, () => {
    commits += 1;
  });
  const first = [committer.append(request('a')), committer.append(request('b'))];
  // The first group's commit is in flight…
  while (held.groups.length === 0) await Promise.resolve();
  // …when three more appends arrive: they wait for it, then go together.
  const later = [
    committer.append(request('c')),
    committer.append(request('bad-d')),
    committer.append(request('e')),
  ];
  await held.release();
  expect(await Promise.all(first)).toEqual([
    { nextRevision: 0n, position: 1n },
    { nextRevision: 0n, position: 2n },
  ]);
  await held.release();
  const settled = await Promise.allSettled(later);
  expect(held.groups).toEqual([
    ['a', 'b'],
    ['c', 'bad-d', 'e'],
  ]);
  expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(settled[1]).toMatchObject({ reason: { name: 'WrongExpectedRevisionError', streamId: 'bad-d' } });
  expect(commits).toBe(2);
  await committer.idle();
});

it('rejects every append of a group whose commit fails, and goes on with the next group', async () => {
  let calls = 0;
  const committer = new GroupCommitter(
    async (requests) => {
      calls += 1;
      if (calls === 1) throw new Error('disk I/O error');
      return requests.map(() => ({ result: { nextRevision: 0n, position: 9n } }));
    },
    () => {},
  );
  const failed = [committer.append(request('a')), committer.append(request('b'))];
  await expect(Promise.all(failed)).rejects.toThrow('disk I/O error');
  await expect(failed[1]).rejects.toThrow('disk I/O error');
  expect(await committer.append(request('c'))).toEqual({ nextRevision: 0n, position: 9n });
});

it('keeps a group under 5,000 events, and lets a larger single append go alone', async () => {
  const sizes: number[] = [];
  const committer = new GroupCommitter(
    async (requests) => {
      sizes.push(requests.reduce((sum, r) => sum + r.events.length, 0));
      return requests.map(() => ({ result: { nextRevision: 0n, position: 1n } }));
    },
    () => {},
  );
  await Promise.all([
    ...Array.from({ length: 30 }, (_, i) => committer.append(request(`s${i}`, 200))),
    committer.append(request('huge', 6_000)),
  ]);
  expect(sizes).toEqual([5_000, 1_000, 6_000]);
});

it('commits the appends asked for together in one group, however large, each with its own outcome', async () => {
  const held = heldCommits();
  const committer = new GroupCommitter(held.commit, () => {});
  const before = committer.append(request('a'));
  while (held.groups.length === 0) await Promise.resolve();
  // Queued behind the commit in flight: a single append, then 40 shares of 200 events (8,000 in all).
  const single = committer.append(request('b'));
  const shares = Array.from({ length: 40 }, (_, i) => request(i === 3 ? 'bad-3' : `s${i}`, 200));
  const together = committer.appendAll(shares);
  await held.release();
  await before;
  await held.release();
  await single;
  await held.release();
  const outcomes = await together;
  expect(held.groups.map((group) => group.length)).toEqual([1, 1, 40]);
  expect(outcomes).toHaveLength(40);
  expect(outcomes[3]).toMatchObject({ conflict: { streamId: 'bad-3' } });
  expect(outcomes.filter((outcome) => 'result' in outcome)).toHaveLength(39);
  await committer.idle();
});
