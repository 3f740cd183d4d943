import { EVENT_POSITION_HEADER } from '@dispatch/domain';
import type { LightMyRequestResponse } from 'fastify';
import { createOrganization, type TestApp } from './test-support.ts';

/** Helpers for organization tests: verified users, commands that wait for the read models, joins. */

export const PASSWORD = 'correct-horse-battery';

function cookieOf(response: LightMyRequestResponse): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

// Each sign-in comes from an address of its own, as people's do: the sign-in rate limit counts per address.
let nextAddress = 0;

export async function signIn(app: TestApp, email: string): Promise<string> {
  nextAddress += 1;
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: app.url },
    remoteAddress: `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 2}`,
    payload: { email, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieOf(response);
}

/** A user whose e-mail is verified (created server side), signed in: returns the session cookie. */
export async function verifiedUser(app: TestApp, email: string, name = 'Test Dispatcher'): Promise<string> {
  await app.infrastructure.auth.createUser({ email, password: PASSWORD, name, emailVerified: true });
  return signIn(app, email);
}

/** Sends a command and waits until the read models reflect it, so the next read sees it. */
export async function command(
  app: TestApp,
  cookie: string,
  path: string,
  payload: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  const response = await app.app.inject({
    method: 'POST',
    url: `/api/v1/organization/${path}`,
    headers: { cookie, origin: app.url },
    payload,
  });
  const position = response.headers[EVENT_POSITION_HEADER];
  if (typeof position === 'string') await app.projector.waitFor(BigInt(position), 5000);
  return response;
}

export function query(app: TestApp, cookie: string, url: string): Promise<LightMyRequestResponse> {
  return app.app.inject({ method: 'GET', url, headers: { cookie } });
}

/** Invites `email` with `role`, signs the invitee in (verified) and accepts: returns their cookie and member id. */
export async function join(
  app: TestApp,
  inviterCookie: string,
  email: string,
  role: 'member' | 'admin' | 'owner' = 'member',
): Promise<{ cookie: string; memberId: string; userId: string }> {
  const invited = await command(app, inviterCookie, 'invite-member', { email, role });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.body}`);
  const cookie = await verifiedUser(app, email, email.split('@')[0]);
  const accepted = await command(app, cookie, 'accept-invitation', { invitationId: invited.json().data.id });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  const { member } = accepted.json().data as { member: { id: string; userId: string } };
  return { cookie, memberId: member.id, userId: member.userId };
}

/** An owner with a fresh organization. */
export async function ownerWithOrganization(app: TestApp, email: string, name: string) {
  const cookie = await verifiedUser(app, email, 'Olive Owner');
  const organization = await createOrganization(app, cookie, name);
  await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
  const active = await query(app, cookie, '/api/v1/organization/get-active-member');
  return { cookie, organization, memberId: (active.json().data?.id as string | undefined) ?? '' };
}
