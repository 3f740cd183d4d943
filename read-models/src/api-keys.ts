import type { ApiKeyScope } from '@dispatch/domain';
import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/**
 * An organization's API key as its owners and admins list it (`id` is the key's id): never its secret
 * nor its hash. Its status is worked out when it is read (an expiry passes without an event).
 */
export type ApiKeyDocument = {
  id: string;
  position: string;
  orgId: string;
  name: string;
  scopes: ApiKeyScope[];
  createdById: string;
  /** The creator's name in the organization when the key was made (their id when it was not known). */
  createdByName: string;
  createdAt: string;
  /** When the key was last used, to the minute (see auth/src/api-keys). */
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
};

export const apiKeysCollection: CollectionDefinition = {
  name: collections.apiKeys,
  fields: { orgId: 'text', createdAt: 'date' },
  indexes: [['orgId', 'createdAt']],
  indexEachField: false,
};
