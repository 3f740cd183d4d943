import type { PlatformRole } from '@dispatch/domain';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** Absent on accounts made before platform roles existed: such a user is a plain `user`. */
  role?: PlatformRole | null;
  image?: string | null;
  emailVerified?: boolean;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  /** True once the number has been confirmed with the code texted to it. */
  phoneNumberVerified?: boolean | null;
}

/** What GET /api/auth/get-session returns for a signed-in visitor. */
export interface SessionView {
  session: {
    id: string;
    userId: string;
    expiresAt: string;
    createdAt?: string;
    activeOrganizationId?: string | null;
  };
  user: SessionUser;
}
