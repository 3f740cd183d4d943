import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/**
 * Expired trucks and loads (docs/rules.md#posting-age-and-expiry): off the live lists, so no list,
 * radius or lane search, match, counter or alert meets them, and kept here, as the list stored them,
 * for their owners to find and re-post. A re-post moves one back to its list; a removal deletes it.
 */
const expiredCollection = (name: string): CollectionDefinition => ({
  name,
  fields: { orgId: 'text', expiresAt: 'date', updatedAt: 'date', refreshedAt: 'date' },
  // The board's expired view: the organization's, the latest expired first.
  indexes: [['orgId', 'updatedAt']],
  indexEachField: false,
});

export const expiredTrucksCollection = expiredCollection(collections.expiredTrucks);
export const expiredLoadsCollection = expiredCollection(collections.expiredLoads);
