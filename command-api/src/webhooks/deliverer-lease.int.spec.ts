import { webhookDelivererLeaseStream } from '@dispatch/domain';
import { type EventStore, openSqliteEventStore } from '@dispatch/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { delivererLease } from './deliverer-lease.ts';

const HOUR = 3_600_000;
const LEASE_MS = 30_000;

let store: EventStore;
let now: number;
const clock = () => new Date(now);
const lease = (holder: string) => delivererLease({ store, holder, leaseMs: LEASE_MS, clock });

beforeEach(() => {
  store = openSqliteEventStore({ path: ':memory:' });
  // A quarter of an hour into an hour.
  now = Date.parse('2026-03-02T10:15:00.000Z');
});
afterEach(async () => {
  await store.close();
});

describe('the webhook delivery lease', () => {
  it('is held by one holder at a time, who renews it', async () => {
    const first = lease('first');
    const second = lease('second');

    expect(await first.claim()).toBe(true);
    expect(await second.claim()).toBe(false);
    now += LEASE_MS / 3;
    expect(await first.claim()).toBe(true);
    now += LEASE_MS / 2;
    // Past the first claim's end, but not the renewal's.
    expect(await second.claim()).toBe(false);
    expect(first.held()).toBe(true);
    expect(second.held()).toBe(false);
  });

  it('goes to another holder once it ran out, and the old holder cannot renew it then', async () => {
    const first = lease('first');
    const second = lease('second');
    await first.claim();

    now += LEASE_MS + 1;
    expect(first.held()).toBe(false);
    expect(await second.claim()).toBe(true);
    expect(await first.claim()).toBe(false);
  });

  it('given up, goes to another holder at once', async () => {
    const first = lease('first');
    const second = lease('second');
    await first.claim();
    now += 1000;

    await first.release();
    expect(first.held()).toBe(false);
    expect(await second.claim()).toBe(true);
  });

  it('of two holders claiming at once, one wins', async () => {
    const holders = ['a', 'b', 'c', 'd'].map(lease);
    const won = await Promise.all(holders.map((holder) => holder.claim()));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('holds across the hour: a claim of the hour before that still runs keeps others out', async () => {
    const first = lease('first');
    const second = lease('second');
    now = Date.parse('2026-03-02T10:59:50.000Z');
    await first.claim();

    now = Date.parse('2026-03-02T11:00:05.000Z');
    expect(await second.claim()).toBe(false);
    expect(await first.claim()).toBe(true);
    const hour = Math.floor(now / HOUR);
    const claims = await store.readStream(webhookDelivererLeaseStream(hour));
    expect(claims.map((claim) => (claim.data as { holder: string }).holder)).toEqual(['first']);
  });

  it('a holder that starts late reads the claims of its hour only', async () => {
    const first = lease('first');
    for (let renewal = 0; renewal < 20; renewal++) {
      await first.claim();
      now += LEASE_MS / 3;
    }
    const late = lease('late');
    expect(await late.claim()).toBe(false);
    now += LEASE_MS;
    expect(await late.claim()).toBe(true);
  });
});
