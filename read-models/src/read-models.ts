import type { MemberRole } from '@dispatch/domain';
import type { DocumentStore } from '@dispatch/storage';
import { collections } from './collections.ts';
import type { MemberDocument } from './organization-documents.ts';

/** The organization a user joined first: where a new session of theirs starts. */
export async function firstOrganizationOfUser(
  documents: DocumentStore,
  userId: string,
): Promise<string | null> {
  const [membership] = await documents.find<{ id: string; position: string; orgId: string }>(
    collections.members,
    {
      filter: { userId: { eq: userId } },
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: 1,
    },
  );
  return membership?.orgId ?? null;
}

/** The role a user holds in an organization according to the members read model, or null. */
export async function memberRoleOf(
  documents: DocumentStore,
  orgId: string,
  userId: string,
): Promise<{ role: MemberRole } | null> {
  const [member] = await documents.find<MemberDocument>(collections.members, {
    filter: { orgId: { eq: orgId }, userId: { eq: userId } },
    limit: 1,
  });
  return member ? { role: member.role } : null;
}
