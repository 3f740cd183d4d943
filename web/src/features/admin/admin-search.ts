import { platformRoles } from '@dispatch/domain';
import { z } from 'zod';

const page = z.number().int().min(1).default(1).catch(1);
const limit = z.number().int().min(1).max(100).default(10).catch(10);
const text = z.string().trim().max(100).optional().catch(undefined);

/** /admin/users: paging (from 1), search on e-mail or name, platform role. */
export const adminUsersSearchSchema = z.object({
  page,
  limit,
  search: text,
  searchField: z.enum(['email', 'name']).default('email').catch('email'),
  role: z.enum(platformRoles).optional().catch(undefined),
});
export type AdminUsersSearch = z.output<typeof adminUsersSearchSchema>;
export const defaultAdminUsersSearch = adminUsersSearchSchema.parse({});

/** /admin/organizations: paging (from 1), newest or oldest first, search on name or slug. */
export const adminOrganizationsSearchSchema = z.object({
  page,
  limit,
  sort: z.enum(['desc', 'asc']).default('desc').catch('desc'),
  search: text,
});
export type AdminOrganizationsSearch = z.output<typeof adminOrganizationsSearchSchema>;
export const defaultAdminOrganizationsSearch = adminOrganizationsSearchSchema.parse({});
