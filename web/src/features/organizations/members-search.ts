import { invitationStatuses, type MemberRole, memberRoles } from '@dispatch/domain';
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 10;
export const pageSizes = [10, 20, 50] as const;

/** One value or several: a single value in a shared link becomes a list; unknown values are dropped. */
const listOf = <T extends string>(values: readonly T[]) =>
  z
    .preprocess((value) => {
      const list = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []).filter(
        (item): item is T => values.includes(item as T),
      );
      return list.length ? [...new Set(list)] : undefined;
    }, z.array(z.enum(values as [T, ...T[]])).optional())
    .catch(undefined);

const text = z.string().trim().max(100).optional().catch(undefined);

/**
 * The /{orgSlug}/members URL search params (docs/rules.md#screens-and-routes and docs/rules.md#validation): the members list's paging, sort,
 * role filter and search, and the invitations list's own, prefixed with `i`. Pages count from 1; a bad
 * value in a shared or hand-edited link falls back to its default rather than failing the page.
 */
export const membersSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  limit: z.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE),
  sort: z.enum(['desc', 'asc']).default('desc').catch('desc'),
  role: listOf(memberRoles),
  search: text,
  iPage: z.number().int().min(1).default(1).catch(1),
  iLimit: z.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE),
  iSort: z.enum(['desc', 'asc']).default('desc').catch('desc'),
  iStatus: listOf(invitationStatuses),
  iSearch: text,
});
export type MembersSearch = z.output<typeof membersSearchSchema>;

/** Defaults are left out of the URL, so the plain address stays `/{slug}/members`. */
export const defaultMembersSearch: MembersSearch = membersSearchSchema.parse({});

/** The members call's parameters out of the page's search params. */
export function membersParams(search: MembersSearch) {
  return {
    page: search.page,
    limit: search.limit,
    sort: search.sort,
    role: search.role?.join(','),
    search: search.search || undefined,
  };
}
export type MembersParams = ReturnType<typeof membersParams>;

export function invitationsParams(search: MembersSearch) {
  return {
    page: search.iPage,
    limit: search.iLimit,
    sort: search.iSort,
    status: search.iStatus?.join(','),
    search: search.iSearch || undefined,
  };
}
export type InvitationsParams = ReturnType<typeof invitationsParams>;

/** Who may open the members page (docs/rules.md#roles-and-permissions). */
export const canManageMembers = (role: MemberRole | null | undefined) => role === 'owner' || role === 'admin';
