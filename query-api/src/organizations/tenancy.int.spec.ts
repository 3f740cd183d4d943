import { command, join, ownerWithOrganization, query, startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
  app = await startTestApp();
  a = await ownerWithOrganization(app, 'tenant-a@example.com', 'Tenant A');
  b = await ownerWithOrganization(app, 'tenant-b@example.com', 'Tenant B');
  aMember = await join(app, a.cookie, 'tenant-a-member@example.com', 'member');
  aInvitationId = (await command(app, a.cookie, 'invite-member', { email: 'pending-a@example.com' })).json()
    .data.id;
  aTeamId = (await command(app, a.cookie, 'create-team', { name: 'A team' })).json().data.id;
  await command(app, a.cookie, 'add-team-member', { teamId: aTeamId, userId: aMember.userId });
});
afterAll(() => app.stop());

describe('tenancy', () => {
  it("B's owner cannot read A's members, invitations or teams by id", async () => {
    const reads = [
      `/api/v1/organization/member/${aMember.memberId}`,
      `/api/v1/organization/get-invitation?id=${aInvitationId}`,
      `/api/v1/organization/list-team-members?teamId=${aTeamId}`,
    ];
    for (const url of reads) expect((await query(app, b.cookie, url)).statusCode, url).toBe(404);
    const members = (await query(app, b.cookie, '/api/v1/organization/list-members?limit=100')).json();
    expect(members.data.map((member: { organizationId: string }) => member.organizationId)).toEqual([
      b.organization.id,
    ]);
    const invitations = await query(app, b.cookie, '/api/v1/organization/get-organization-invitations');
    expect(invitations.json().totalCount).toBe(0);
    expect((await query(app, b.cookie, '/api/v1/organization/list-teams')).json().data).toEqual([]);
  });
});
