import { expect, it } from 'vitest';
import { toSessionContext } from './session-context.ts';

const stored = {
  user: { id: 'u1', email: 'a@example.com', name: 'A', emailVerified: false },
  session: { id: 's1', token: 't1', userId: 'u1', expiresAt: new Date('2030-01-01T00:00:00Z') },
};

it('fills absent optional fields with their empty values', () => {
  expect(toSessionContext(stored)).toEqual({
    user: { ...stored.user, role: 'user', image: null, firstName: '', lastName: '', phoneNumber: null },
    session: { ...stored.session, activeOrganizationId: null },
  });
});

it('keeps a known platform role', () => {
  expect(toSessionContext({ ...stored, user: { ...stored.user, role: 'super_admin' } }).user.role).toBe(
    'super_admin',
  );
});

it('reads an unknown role as a plain user', () => {
  expect(toSessionContext({ ...stored, user: { ...stored.user, role: 'admin' } }).user.role).toBe('user');
});
