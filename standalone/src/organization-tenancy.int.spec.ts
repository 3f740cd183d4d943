import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command, join, ownerWithOrganization, query } from './organization-fixtures.ts';
import { startTestApp, type TestApp } from './test-support.ts';

/**
 * No request reads or changes another organization's members, invitations or teams, whatever ids
 * it sends; and a removed member loses access at once.
 */

let app: TestApp;
let a: Awaited<ReturnType<typeof ownerWithOrganization>>;
let b: Awaited<ReturnType<typeof ownerWithOrganization>>;
let aMember: Awaited<ReturnType<typeof join>>;
let aInvitationId: string;
let aTeamId: string;

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  a = await ownerWithOrganization(app, 'tenant-a@example.com', 'Tenant A');
  b = await ownerWithOrganization(app, 'tenant-b@example.com', 'Tenant B');
  aMember = await join(app, a.cookie, 'tenant-a-member@example.com', 'member');
  aInvitationId = (await command(app, a.cookie, 'invite-member', { email: 'pending-a@example.com' })).json()
    .data.id;
  aTeamId = (await command(app, a.cookie, 'create-team', { name: 'A team' })).json().data.id;
  await command(app, a.cookie, 'add-team-member', { teamId: aTeamId, userId: aMember.userId });
});
afterAll(() => app.stop());

const snapshotOfA = async () => ({
  members: (await query(app, a.cookie, '/api/v1/organization/list-members?limit=100')).json().data,
  invitations: (
    await query(app, a.cookie, '/api/v1/organization/get-organization-invitations?limit=100')
  ).json().data,
  teams: (await query(app, a.cookie, '/api/v1/organization/list-teams')).json().data,
  organization: (await query(app, a.cookie, '/api/v1/organization/get-full-organization')).json().data,
});

describe('tenancy', () => {
  it("B's owner cannot change A's members, invitations or teams by id, and A stays as it was", async () => {
    const before = await snapshotOfA();
    const attempts: [string, Record<string, unknown>, number][] = [
      ['update-member-role', { memberId: aMember.memberId, role: 'admin' }, 404],
      ['remove-member', { memberId: aMember.memberId }, 404],
      ['cancel-invitation', { invitationId: aInvitationId }, 404],
      ['resend-invitation', { invitationId: aInvitationId }, 404],
      // The invitation is found, but it is not B's owner's to answer.
      ['accept-invitation', { invitationId: aInvitationId }, 403],
      ['reject-invitation', { invitationId: aInvitationId }, 403],
      ['update-team', { teamId: aTeamId, name: 'Taken over' }, 404],
      ['remove-team', { teamId: aTeamId }, 404],
      ['add-team-member', { teamId: aTeamId, userId: aMember.userId }, 404],
      ['remove-team-member', { teamId: aTeamId, userId: aMember.userId }, 404],
      ['set-active', { organizationId: a.organization.id }, 403],
    ];
    for (const [path, payload, status] of attempts) {
      const response = await command(app, b.cookie, path, payload);
      expect(response.statusCode, `${path} ${response.body}`).toBe(status);
    }
    expect(await snapshotOfA()).toEqual(before);
  });

  it('refuses an organization named in the request: it only ever comes from the session', async () => {
    const response = await command(app, b.cookie, 'invite-member', {
      email: 'smuggled@example.com',
      organizationId: a.organization.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid body parameters');
    const listed = await query(
      app,
      b.cookie,
      `/api/v1/organization/list-members?organizationId=${a.organization.id}`,
    );
    expect(listed.statusCode).toBe(400);
  });
});

describe('a removed member', () => {
  function connect(cookie: string): Promise<Socket> {
    const socket = io(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    return new Promise((resolve, reject) => {
      socket.once('ready', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it('loses commands, queries and the live room at once', async () => {
    const leaving = await join(app, a.cookie, 'tenant-a-leaving@example.com', 'admin');
    const socket = await connect(leaving.cookie);
    const ended = new Promise<unknown>((resolve) => socket.once('membership-ended', resolve));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const removed = await command(app, a.cookie, 'remove-member', { memberId: leaving.memberId });
    expect(removed.statusCode).toBe(200);

    expect(await ended).toEqual({ orgId: a.organization.id });
    expect(await disconnected).toBe('io server disconnect');
    const write = await command(app, leaving.cookie, 'invite-member', { email: 'after-removal@example.com' });
    expect([write.statusCode, write.json().code]).toEqual([403, 'NOT_A_MEMBER']);
    const read = await query(app, leaving.cookie, '/api/v1/organization/list-members');
    expect([read.statusCode, read.json().code]).toEqual([403, 'NOT_A_MEMBER']);
    const trucks = await query(app, leaving.cookie, '/api/v1/trucks');
    expect(trucks.statusCode).toBe(403);
    await expect(connect(leaving.cookie)).rejects.toThrow('Unauthorized');
    socket.close();
  });
});
