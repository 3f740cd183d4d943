import type { DocumentStore } from '@dispatch/storage';
import { collections } from './collections.ts';

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
