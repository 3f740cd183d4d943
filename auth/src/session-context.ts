import { type PlatformRole, platformRoles } from '@dispatch/domain';

/** What the APIs and the Socket.IO handshake learn about the caller. */
export interface SessionContext {
  user: {
    id: string;
    email: string;
    name: string;
    role: PlatformRole;
    emailVerified: boolean;
    image?: string | null;
    firstName: string;
    lastName: string;
    phoneNumber: string | null;
  };
  session: {
    id: string;
    token: string;
    userId: string;
    expiresAt: Date;
    activeOrganizationId: string | null;
  };
}

interface StoredSession {
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    image?: string | null | undefined;
    role?: string | null | undefined;
    firstName?: string | null | undefined;
    lastName?: string | null | undefined;
    phoneNumber?: string | null | undefined;
  };
  session: {
    id: string;
    token: string;
    userId: string;
    expiresAt: Date;
    activeOrganizationId?: string | null | undefined;
  };
}

// An unknown role grants nothing: it is read as a plain user rather than trusted.
function toPlatformRole(role: string | null | undefined): PlatformRole {
  return platformRoles.find((known) => known === role) ?? 'user';
}

export function toSessionContext({ user, session }: StoredSession): SessionContext {
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: toPlatformRole(user.role),
      emailVerified: user.emailVerified,
      image: user.image ?? null,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phoneNumber: user.phoneNumber ?? null,
    },
    session: {
      id: session.id,
      token: session.token,
      userId: session.userId,
      expiresAt: new Date(session.expiresAt),
      activeOrganizationId: session.activeOrganizationId ?? null,
    },
  };
}
