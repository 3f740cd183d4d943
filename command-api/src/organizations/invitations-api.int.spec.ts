import { INVITATION_VALIDITY_MS, ORGANIZATION_SCHEMA_VERSION, organizationStream } from '@dispatch/domain';
import { newEventId } from '@dispatch/storage';
import {
  command,
  ownerWithOrganization,
  query,
  startTestApp,
  type TestApp,
  verifiedUser,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'inviting-owner@example.com', 'Inviting Freight');
});
afterAll(() => app.stop());

async function invite(email: string, role = 'member') {
  const response = await command(app, owner.cookie, 'invite-member', { email, role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

describe('invitations end to end', () => {
  it('lets the invitee decline, and then says so', async () => {
    const id = await invite('decliner@example.com', 'admin');
    const decliner = await verifiedUser(app, 'decliner@example.com');
    expect((await command(app, decliner, 'reject-invitation', { invitationId: id })).statusCode).toBe(200);
    const again = await command(app, decliner, 'accept-invitation', { invitationId: id });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This invitation was rejected']);
  });

  it('says clearly that a canceled invitation is canceled', async () => {
    const id = await invite('too-late@example.com');
    expect((await command(app, owner.cookie, 'cancel-invitation', { invitationId: id })).statusCode).toBe(
      200,
    );
    const invitee = await verifiedUser(app, 'too-late@example.com');
    const accepted = await command(app, invitee, 'accept-invitation', { invitationId: id });
    expect([accepted.statusCode, accepted.json().message]).toEqual([409, 'This invitation was canceled']);
  });

  it('refuses someone the invitation was not sent to', async () => {
    const id = await invite('intended@example.com');
    const other = await verifiedUser(app, 'not-intended@example.com');
    const accepted = await command(app, other, 'accept-invitation', { invitationId: id });
    expect([accepted.statusCode, accepted.json().message]).toEqual([
      403,
      'This invitation was sent to another email address',
    ]);
    expect((await query(app, other, `/api/v1/organization/get-invitation?id=${id}`)).statusCode).toBe(404);
  });

  it('records and reports an expired invitation; a resend gives it a new life', async () => {
    const sentAt = new Date(Date.now() - INVITATION_VALIDITY_MS - 60_000);
    const invitationId = 'expired-invitation-1';
    // Given an invitation sent more than 48 hours ago.
    const { position } = await app.infrastructure.eventStore.append(
      organizationStream(owner.organization.id),
      [
        {
          id: newEventId(),
          type: 'InvitationSent',
          data: {
            organizationId: owner.organization.id,
            invitationId,
            email: 'slow@example.com',
            role: 'member',
            expiresAt: new Date(sentAt.getTime() + INVITATION_VALIDITY_MS).toISOString(),
            inviterId: 'someone',
            inviterEmail: 'inviting-owner@example.com',
            inviterName: 'Olive Owner',
            teamId: null,
          },
          metadata: {
            orgId: owner.organization.id,
            actorId: 'someone',
            correlationId: 'c',
            causationId: null,
            schemaVersion: ORGANIZATION_SCHEMA_VERSION,
            occurredAt: sentAt.toISOString(),
          },
        },
      ],
      { expected: 'any' },
    );
    await app.projector.waitFor(position, 5000);
    const slow = await verifiedUser(app, 'slow@example.com');
    const message = 'This invitation has expired. Ask the organization for a new one.';
    for (let attempt = 0; attempt < 2; attempt++) {
      const accepted = await command(app, slow, 'accept-invitation', { invitationId });
      expect([accepted.statusCode, accepted.json().message]).toEqual([409, message]);
    }
    const types = (
      await app.infrastructure.eventStore.readStream(organizationStream(owner.organization.id))
    ).map((event) => event.type);
    expect(types.filter((type) => type === 'InvitationExpired')).toHaveLength(1);

    const resent = await command(app, owner.cookie, 'resend-invitation', { invitationId });
    expect(resent.json()).toMatchObject({ success: true, emailSent: true, data: { status: 'pending' } });
    expect(Date.parse(resent.json().data.expiresAt)).toBeGreaterThan(Date.now());
    expect((await command(app, slow, 'accept-invitation', { invitationId })).statusCode).toBe(200);
  });

  it('refuses a second open invitation for the same address and a member being invited', async () => {
    await invite('twice@example.com');
    const again = await command(app, owner.cookie, 'invite-member', { email: 'twice@example.com' });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'User is already invited to this organization',
    ]);
    const member = await command(app, owner.cookie, 'invite-member', { email: 'inviting-owner@example.com' });
    expect([member.statusCode, member.json().message]).toEqual([
      409,
      'User is already a member of this organization',
    ]);
  });

  it('validates the invitation input with field messages', async () => {
    const response = await command(app, owner.cookie, 'invite-member', { email: 'nope', role: 'dispatcher' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: ['Enter a valid email address'],
      role: ['Role must be member, memberPlus, admin or owner'],
    });
  });
});
