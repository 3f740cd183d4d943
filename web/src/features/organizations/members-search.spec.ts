import { describe, expect, it } from 'vitest';
import { canManageMembers, invitationsParams, membersParams, membersSearchSchema } from './members-search';

describe('members page search params', () => {
  it('defaults to the first page of ten, newest first', () => {
    expect(membersSearchSchema.parse({})).toEqual({
      page: 1,
      limit: 10,
      sort: 'desc',
      iPage: 1,
      iLimit: 10,
      iSort: 'desc',
    });
  });

  it('turns a single role into a list and drops unknown values', () => {
    expect(membersSearchSchema.parse({ role: 'admin' }).role).toEqual(['admin']);
    expect(membersSearchSchema.parse({ role: ['owner', 'chief', 'owner'] }).role).toEqual(['owner']);
    expect(membersSearchSchema.parse({ iStatus: 'pending,rejected' }).iStatus).toEqual([
      'pending',
      'rejected',
    ]);
    expect(membersSearchSchema.parse({ role: ['chief'] }).role).toBeUndefined();
  });

  it('falls back to defaults for bad values', () => {
    const search = membersSearchSchema.parse({ page: 0, limit: 1000, sort: 'up', iPage: -2 });
    expect([search.page, search.limit, search.sort, search.iPage]).toEqual([1, 10, 'desc', 1]);
  });

  it('keeps each list to its own params: the invitations list reads only the i-prefixed ones', () => {
    const search = membersSearchSchema.parse({
      page: 2,
      role: ['admin', 'owner'],
      iPage: 3,
      iStatus: ['pending'],
    });
    expect(membersParams(search)).toEqual({
      page: 2,
      limit: 10,
      sort: 'desc',
      role: 'admin,owner',
      search: undefined,
    });
    expect(invitationsParams(search)).toEqual({
      page: 3,
      limit: 10,
      sort: 'desc',
      status: 'pending',
      search: undefined,
    });
  });

  it('lets only admins and owners manage members', () => {
    expect(
      ['owner', 'admin', 'member', 'memberPlus', null].map((role) => canManageMembers(role as never)),
    ).toEqual([true, true, false, false, false]);
  });
});
