import type { AuthService } from './auth-service.ts';
import { adminRole } from './platform-roles.ts';
import type { SessionContext } from './session-context.ts';

/**
 * Whether a signed-in user is a platform admin: the super_admin role, or a user id on ADMIN_USER_IDS.
 * Asked of the admin plugin the way its own endpoints ask (may this user list every user?), so those
 * who may open the admin area's user list, and no one else, pass.
 */
export async function isPlatformAdmin(auth: AuthService, user: SessionContext['user']): Promise<boolean> {
  if (user.role === adminRole) return true;
  // The role is given, so the plugin reads no session and no user record; it also checks the id list.
  const answer = await auth.auth.api.userHasPermission({
    body: { userId: user.id, role: user.role, permissions: { user: ['list'] } },
  });
  return answer.success === true;
}
