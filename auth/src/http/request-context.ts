import type { FastifyRequest } from 'fastify';
import type { AuthService, SessionContext } from '../index.ts';
import { HttpError, unauthorized } from './boundary.ts';

/** Who is asking, and for which organization: always from the session, never from the request. */
export interface ActorContext {
  session: SessionContext;
  userId: string;
  orgId: string;
}

export async function requireSession(auth: AuthService, request: FastifyRequest): Promise<SessionContext> {
  const session = await auth.getSession(request.headers);
  if (!session) throw unauthorized();
  return session;
}

export async function requireOrganization(auth: AuthService, request: FastifyRequest): Promise<ActorContext> {
  const session = await requireSession(auth, request);
  const orgId = session.session.activeOrganizationId;
  if (!orgId) throw new HttpError(403, 'NO_ACTIVE_ORGANIZATION', 'Select or create an organization first');
  return { session, userId: session.user.id, orgId };
}
