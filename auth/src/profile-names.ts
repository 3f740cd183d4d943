import { withoutControlCharacters } from '@dispatch/domain';

/**
 * Social providers and server-side creation only give a display name, while profiles
 * carry first and last names: fill whichever is missing from the display name.
 */
export function completeProfileNames(user: { name?: string; firstName?: unknown; lastName?: unknown }) {
  const [first = '', ...rest] = (user.name ?? '').trim().split(/\s+/);
  return {
    firstName: typeof user.firstName === 'string' && user.firstName !== '' ? user.firstName : first,
    lastName: typeof user.lastName === 'string' && user.lastName !== '' ? user.lastName : rest.join(' '),
  };
}

type ProfileNames = { name?: unknown; firstName?: unknown; lastName?: unknown };

/**
 * A user's names as kept: one line of plain text each. The app's forms refuse control characters;
 * names that come another way (an identity provider's profile, the admin API, a server-side creation)
 * have them taken out, since whoever gave them cannot be asked again.
 */
export function plainProfileNames<User extends ProfileNames>(user: User): User {
  const plain: ProfileNames = { ...user };
  for (const key of ['name', 'firstName', 'lastName'] as const) {
    const value = plain[key];
    if (typeof value === 'string') plain[key] = withoutControlCharacters(value);
  }
  return plain as User;
}
