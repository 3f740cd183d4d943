import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_QUOTAS, type QuotaSettings } from '@dispatch/domain';
import { type EventStore, openSqliteEventStore } from '@dispatch/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QuotaLedger, type QuotaTakeRequest, receiverKey } from './quota-ledger.ts';

let dir: string;
const stores: EventStore[] = [];
const openStore = () => {
  const store = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
  stores.push(store);
  return store;
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-quota-'));
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  rmSync(dir, { recursive: true, force: true });
});

const wide = { hour: 1000, day: 1000 };
const settingsWith = (organizationEmail: { hour: number; day: number }): QuotaSettings => ({
  ...DEFAULT_QUOTAS,
  organization: { ...DEFAULT_QUOTAS.organization, email: organizationEmail },
  user: { email: wide, sms: wide, link: wide },
  receiver: { email: wide, sms: wide, link: wide },
  youngOrganizationDays: 0,
});

const send = (n: number): QuotaTakeRequest => ({
  orgId: 'org-1',
  userId: `user-${n % 3}`,
  channel: 'email',
  kind: 'envelope',
  receiver: `r${n}@example.com`,
});

describe('the quota ledger', () => {
  it('grants exactly the limit to two processes taking 50 at once each on one store', async () => {
    const settings = settingsWith({ hour: 10, day: 10 });
    const first = new QuotaLedger(openStore(), settings);
    const second = new QuotaLedger(openStore(), settings);

    const takes = await Promise.all(
      Array.from({ length: 100 }, (_, n) => (n % 2 === 0 ? first : second).take(send(n))),
    );

    expect(takes.filter((take) => take.granted)).toHaveLength(10);
    const refused = takes.find((take) => !take.granted);
    expect(refused?.granted === false && refused.refusal.code).toBe('QUOTA_EXCEEDED');
  });

  it('keeps its counts across a restart: a new ledger on the same store refuses past the limit', async () => {
    const settings = settingsWith({ hour: 3, day: 3 });
    const before = new QuotaLedger(openStore(), settings);
    for (let n = 0; n < 3; n++) expect((await before.take(send(n))).granted).toBe(true);
    await stores.splice(0)[0]?.close();

    const after = new QuotaLedger(openStore(), settings);
    const take = await after.take(send(3));

    expect(take.granted).toBe(false);
    expect(take.granted === false && take.refusal.message).toMatch(
      /^Your organization has sent 3 e-mail messages in the last hour \(its limit\); the next can be sent after (\w{3} \d+, )?\d\d:\d\d UTC\.$/,
    );
  });

  it('gives a released take back, and counts a receiver across organizations', async () => {
    const settings: QuotaSettings = {
      ...settingsWith(wide),
      receiver: { ...DEFAULT_QUOTAS.receiver, email: { hour: 1, day: 1 } },
    };
    const ledger = new QuotaLedger(openStore(), settings);
    const to = (orgId: string): QuotaTakeRequest => ({ ...send(0), orgId, receiver: ' R0@Example.com ' });

    const taken = await ledger.take(to('org-1'));
    const refused = await ledger.take(to('org-2'));
    if (taken.granted) await taken.release();
    const again = await ledger.take(to('org-2'));

    expect([taken.granted, refused.granted, again.granted]).toEqual([true, false, true]);
    expect(refused.granted === false && refused.refusal.rule.scope).toBe('receiver');
    expect(receiverKey('+1 (312) 555-0100')).toBe(receiverKey('3125550100'));
  });
});
