import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlatformAdmin } from './platform-admin.ts';
import type { SessionContext } from './session-context.ts';
import { type AuthFixture, startAuthFixture } from './test-fixture.ts';

/** Platform admins: the super_admin role, or a user id on ADMIN_USER_IDS (the admin plugin's list). */

let fixture: AuthFixture;
const listedId = 'listed-user-id';

const user = (id: string, role: SessionContext['user']['role']): SessionContext['user'] => ({
  id,
  email: `${id}@example.com`,
  name: id,
  role,
  emailVerified: true,
  image: null,
  firstName: id,
  lastName: '',
  phoneNumber: null,
});

beforeAll(async () => {
  fixture = await startAuthFixture({ config: { adminUserIds: [listedId] } });
});
afterAll(() => fixture.close());

describe('isPlatformAdmin', () => {
  it('admits super_admins and users on the configured admin list', async () => {
    expect(await isPlatformAdmin(fixture.service, user('root', 'super_admin'))).toBe(true);
    expect(await isPlatformAdmin(fixture.service, user(listedId, 'user'))).toBe(true);
  });

  it('refuses plain users and organization owners', async () => {
    expect(await isPlatformAdmin(fixture.service, user('someone', 'user'))).toBe(false);
    expect(await isPlatformAdmin(fixture.service, user('someone-else', 'owner'))).toBe(false);
  });
});
