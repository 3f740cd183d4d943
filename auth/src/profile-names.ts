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
