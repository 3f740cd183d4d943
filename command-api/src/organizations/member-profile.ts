import type { SessionContext } from '@dispatch/auth';
import type { Invitee, MemberProfile } from '@dispatch/domain';

/** What a membership records about the user as they join: the members list shows and searches it. */
export function memberProfileOf(user: SessionContext['user']): MemberProfile {
  return {
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    image: user.image ?? null,
    phoneNumber: user.phoneNumber,
    platformRole: user.role,
  };
}

export function inviteeOf(user: SessionContext['user']): Invitee {
  return { userId: user.id, emailVerified: user.emailVerified, ...memberProfileOf(user) };
}
