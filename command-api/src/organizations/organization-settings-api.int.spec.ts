import { TIME_ZONE_MESSAGE } from '@dispatch/domain';
import {
  command,
  join,
  ownerWithOrganization,
  query,
  requestsWith,
  startTestApp,
  type TestApp,
  validTruck,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The organization's settings page calls `POST /api/v1/organization/update` (name, time zone) and
 * `POST /api/v1/organization/delete`: who may, what is refused, and that only the session's own
 * organization is ever touched.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const inject = requestsWith(() => app);
const head = () => app.infrastructure.eventStore.headPosition();
const full = async (cookie: string) =>
  (await query(app, cookie, '/api/v1/organization/get-full-organization')).json().data;

describe('organization settings', () => {
  it('an owner or an admin changes the name and the time zone, kept under its canonical name', async () => {
    const owner = await ownerWithOrganization(app, 'settings-owner@example.com', 'Settings Freight');
    const admin = await join(app, owner.cookie, 'settings-admin@example.com', 'admin');
    expect((await full(owner.cookie)).timeZone).toBe('America/Chicago');

    const zoned = await command(app, owner.cookie, 'update', { timeZone: 'US/Pacific' });
    expect([zoned.statusCode, zoned.json().data]).toEqual([
      200,
      { id: owner.organization.id, name: 'Settings Freight', slug: 'settings-freight' },
    ]);
    expect(await full(owner.cookie)).toMatchObject({
      name: 'Settings Freight',
      timeZone: 'America/Los_Angeles',
    });

    const both = await command(app, admin.cookie, 'update', {
      name: 'Settled Freight',
      timeZone: 'America/New_York',
    });
    expect(both.statusCode).toBe(200);
    expect(await full(admin.cookie)).toMatchObject({ name: 'Settled Freight', timeZone: 'America/New_York' });

    // The same values again change nothing and write nothing.
    const before = await head();
    expect((await command(app, owner.cookie, 'update', { timeZone: 'America/New_York' })).statusCode).toBe(
      200,
    );
    expect(await head()).toBe(before);

    // The activity log says who changed the zone, from what to what.
    const activity = await query(app, owner.cookie, '/api/v1/activity?kind=organization');
    const changes = activity
      .json()
      .data.flatMap((entry: { changes: { field: string; from: unknown; to: unknown }[] }) => entry.changes)
      .filter((change: { field: string }) => change.field === 'timeZone');
    expect(changes).toContainEqual({
      field: 'timeZone',
      from: 'America/Los_Angeles',
      to: 'America/New_York',
    });
  });

  it('counts a truck posted after a change in the new zone', async () => {
    const owner = await ownerWithOrganization(app, 'zone-board@example.com', 'Zone Board');
    expect((await command(app, owner.cookie, 'update', { timeZone: 'Pacific/Kiritimati' })).statusCode).toBe(
      200,
    );
    const posted = await inject(owner.cookie, 'POST', '/api/v1/trucks', validTruck, { origin: app.url });
    expect(posted.statusCode).toBe(201);
    await app.projector.waitFor(BigInt(String(posted.headers['x-event-position'])), 5000);
    const list = (await query(app, owner.cookie, '/api/v1/trucks')).json();
    expect(list.totalTrucksCreatedToday).toBe(1);
  });

  it('refuses members: no rename, no time zone, no deletion; nothing is written', async () => {
    const owner = await ownerWithOrganization(app, 'settings-guard@example.com', 'Guarded Freight');
    const member = await join(app, owner.cookie, 'settings-member@example.com');
    const admin = await join(app, owner.cookie, 'settings-deleter-admin@example.com', 'admin');
    const before = await head();
    for (const body of [{ name: 'Hijacked' }, { timeZone: 'UTC' }]) {
      const refused = await command(app, member.cookie, 'update', body);
      expect([refused.statusCode, refused.json().message]).toEqual([
        403,
        'You are not allowed to access resource: organization',
      ]);
    }
    // Deleting is the owner's alone: an admin is refused too.
    for (const cookie of [member.cookie, admin.cookie]) {
      const refused = await command(app, cookie, 'delete');
      expect([refused.statusCode, refused.json().message]).toEqual([
        403,
        'You are not allowed to access resource: organization',
      ]);
    }
    expect(await head()).toBe(before);
    expect(await full(owner.cookie)).toMatchObject({ name: 'Guarded Freight', timeZone: 'America/Chicago' });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, { timeZone: [TIME_ZONE_MESSAGE] }],
    [{ timeZone: '' }, { timeZone: [TIME_ZONE_MESSAGE] }],
    [{ timeZone: 'x'.repeat(65) }, { timeZone: [TIME_ZONE_MESSAGE] }],
    [{ timeZone: 7 }, { timeZone: [TIME_ZONE_MESSAGE] }],
    [{ name: ' ' }, { name: ['Organization name is required'] }],
    [{ name: 'x'.repeat(61) }, { name: ['Organization name cannot be more than 60 characters'] }],
    [{}, { name: ['Give a new name, slug, time zone or posting max age'] }],
    [
      { postingMaxAgeDays: 0 },
      { postingMaxAgeDays: ['Posting max age must be a whole number of days from 1 to 30'] },
    ],
    [
      { postingMaxAgeDays: 2.5 },
      { postingMaxAgeDays: ['Posting max age must be a whole number of days from 1 to 30'] },
    ],
  ])('answers 400 to %j, naming the field, and writes nothing', async (body, errors) => {
    const owner = await ownerWithOrganization(
      app,
      `settings-400-${Math.random().toString(36).slice(2)}@example.com`,
      'Refusing Freight',
    );
    const before = await head();
    const refused = await command(app, owner.cookie, 'update', body);
    expect([refused.statusCode, refused.json().errors]).toEqual([400, errors]);
    expect(await head()).toBe(before);
  });

  it('changes only the session’s organization: another organization’s id is no field of the command', async () => {
    const victim = await ownerWithOrganization(app, 'settings-victim@example.com', 'Victim Freight');
    const attacker = await ownerWithOrganization(app, 'settings-attacker@example.com', 'Attacker Freight');
    const before = await head();
    for (const body of [
      { organizationId: victim.organization.id, name: 'Taken Over' },
      { id: victim.organization.id, timeZone: 'UTC' },
    ]) {
      const refused = await command(app, attacker.cookie, 'update', body);
      expect(refused.statusCode).toBe(400);
    }
    expect(await head()).toBe(before);
    // A valid update from the attacker's session changes the attacker's organization only.
    expect((await command(app, attacker.cookie, 'update', { timeZone: 'UTC' })).statusCode).toBe(200);
    expect(await full(victim.cookie)).toMatchObject({ name: 'Victim Freight', timeZone: 'America/Chicago' });
    expect(await full(attacker.cookie)).toMatchObject({ timeZone: 'UTC' });
    // Someone removed from an organization cannot change it any more.
    const admin = await join(app, victim.cookie, 'settings-removed-admin@example.com', 'admin');
    expect(
      (await command(app, victim.cookie, 'remove-member', { memberId: admin.memberId })).statusCode,
    ).toBe(200);
    const removed = await command(app, admin.cookie, 'update', { name: 'Revenge' });
    expect(removed.statusCode).toBe(403);
    expect((await full(victim.cookie)).name).toBe('Victim Freight');
  });

  it('the owner deletes the organization; nothing of it can be changed after', async () => {
    const owner = await ownerWithOrganization(app, 'settings-delete@example.com', 'Deleted Freight');
    expect((await command(app, owner.cookie, 'delete')).statusCode).toBe(200);
    expect(await full(owner.cookie)).toBeNull();
    const again = await command(app, owner.cookie, 'update', { name: 'Back' });
    expect(again.statusCode).toBe(403);
  });
});
