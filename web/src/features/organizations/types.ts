import type { MemberRole } from '@dispatch/domain';

/** One of the caller's organizations, with the caller's role in it. */
export interface OrganizationSummary {
  id: string;
  name: string;
  slug: string;
  role: MemberRole;
}

/** The session's active organization. */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  timeZone: string;
}
