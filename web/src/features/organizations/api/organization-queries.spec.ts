import { describe, expect, it } from 'vitest';
import { defaultMembersSearch, membersParams } from '../members-search';
import { activeMemberQueryOptions } from './get-active-member';
import { activeOrganizationQueryOptions } from './get-active-organization';
import { membersQueryOptions } from './get-members';
import { organizationsQueryOptions } from './list-organizations';

/** SPEC section 9: organization and member data are fresh for 5 minutes. */
const FIVE_MINUTES = 5 * 60 * 1000;

describe('organization and member queries', () => {
  it('keep the active organization fresh for 5 minutes', () => {
    expect(activeOrganizationQueryOptions('org-1').staleTime).toBe(FIVE_MINUTES);
  });

  it('keep the organization list fresh for 5 minutes', () => {
    expect(organizationsQueryOptions().staleTime).toBe(FIVE_MINUTES);
  });

  it('keep the members list fresh for 5 minutes', () => {
    expect(membersQueryOptions('org-1', membersParams(defaultMembersSearch)).staleTime).toBe(FIVE_MINUTES);
  });

  it('keep the active member fresh for 5 minutes', () => {
    expect(activeMemberQueryOptions('org-1').staleTime).toBe(FIVE_MINUTES);
  });
});
