import {
  command,
  ownerWithOrganization,
  PASSWORD,
  query,
  signIn,
  startTestApp,
  type TestApp,
  verifiedUser,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Adding someone to an organization without their consent is for platform admins only; organizations
 * take people in by invitation. Members' platform roles are shown to platform admins only.
 */

const refusal = 'Only a platform admin can add a member directly; invite them instead';

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let platformAdmin: string;

/** add-member as `cookie` would send it from the web app: JSON, from the app's own origin. */
const addMember = (cookie: string, payload: Record<string, unknown>) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/organization/add-member',
    headers: { cookie, origin: app.url, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const members = async (cookie: string) =>
  (await query(app, cookie, '/api/v1/organization/list-members?limit=100')).json().data as {
    id: string;
    userId: string;
    user: Record<string, unknown> & { email: string };
  }[];

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'probe-owner@example.com', 'Probe Freight');
  await verifiedUser(app, 'stranger@example.com', 'Sam Stranger');
  await verifiedUser(app, 'newcomer@example.com', 'Nell Newcomer');
  // A super_admin who joined the owner's organization as an admin, by invitation.
  await app.infrastructure.auth.createUser({
    email: 'platform-admin@example.com',
    password: PASSWORD,
    name: 'Pat Admin',
    role: 'super_admin',
  });
  platformAdmin = await signIn(app, 'platform-admin@example.com');
  const invited = await command(app, owner.cookie, 'invite-member', {
    email: 'platform-admin@example.com',
    role: 'admin',
  });
  const accepted = await command(app, platformAdmin, 'accept-invitation', {
    invitationId: invited.json().data.id,
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
});
afterAll(() => app.stop());

describe('POST /api/v1/organization/add-member', () => {
  it('refuses an organization owner alike for an existing and an unknown address, and records nothing', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    const existing = await addMember(owner.cookie, { email: 'stranger@example.com', role: 'member' });
    const unknown = await addMember(owner.cookie, { email: 'nobody-here@example.com', role: 'member' });
    const malformed = await addMember(owner.cookie, { email: 'not an address' });

    expect(existing.statusCode).toBe(403);
    expect(existing.json().message).toBe(refusal);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.body).toBe(existing.body);
    // Refused before the body is read: nothing at all depends on what was sent.
    expect(malformed.statusCode).toBe(403);
    expect(malformed.body).toBe(existing.body);
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
    expect((await members(owner.cookie)).map((member) => member.user.email)).not.toContain(
      'stranger@example.com',
    );
  });

  it('lets a platform admin who manages the organization add a verified user', async () => {
    const added = await addMember(platformAdmin, { email: 'newcomer@example.com', role: 'member' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ organizationId: owner.organization.id, role: 'member' });
    await app.projector.waitFor(BigInt(added.headers['x-event-position'] as string), 5000);
    const listed = (await members(owner.cookie)).find((member) => member.id === added.json().data.id);
    expect(listed?.user.email).toBe('newcomer@example.com');
  });
});

describe('platform roles in member answers', () => {
  it('are left out for an organization owner, who still sees names and phone numbers', async () => {
    const seen = await members(owner.cookie);
    const admin = seen.find((member) => member.user.email === 'platform-admin@example.com');
    expect(admin?.user).toMatchObject({ name: 'Pat Admin', phoneNumber: null });
    for (const member of seen) expect(member.user).not.toHaveProperty('role');
    const one = await query(app, owner.cookie, `/api/v1/organization/member/${admin?.id}`);
    expect(one.json().data.user).not.toHaveProperty('role');
    expect(JSON.stringify(one.json())).not.toContain('super_admin');
    const me = await query(app, owner.cookie, '/api/v1/organization/get-active-member');
    expect(me.json().data.user).not.toHaveProperty('role');
  });

  it('are shown to a super_admin', async () => {
    const seen = await members(platformAdmin);
    const roles = Object.fromEntries(seen.map((member) => [member.user.email, member.user.role]));
    expect(roles).toMatchObject({
      'platform-admin@example.com': 'super_admin',
      'probe-owner@example.com': 'user',
    });
  });
});
