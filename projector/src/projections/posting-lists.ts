import {
  DEFAULT_TIME_ZONE,
  POSTING_MAX_AGE_DAYS_DEFAULT,
  type PostingExpirySettings,
  postingExpiry,
} from '@dispatch/domain';
import { collections, type OrganizationDocument } from '@dispatch/read-models';
import type { Document } from '@dispatch/storage';
import type { DocumentBody, ProjectionContext } from '../projection.ts';

/** Where a posting kind's documents are kept: its live list, and its expired ones (docs/decisions.md). */
export interface PostingLists {
  live: string;
  expired: string;
}

export const truckLists: PostingLists = { live: collections.trucks, expired: collections.expiredTrucks };
export const loadLists: PostingLists = { live: collections.loads, expired: collections.expiredLoads };

/** The organization's settings a posting's expiry is reckoned with, as they are now. */
export async function expirySettingsOf(
  context: ProjectionContext,
  orgId: string,
): Promise<PostingExpirySettings> {
  const organization = await context.get<OrganizationDocument & Document>(collections.organizations, orgId);
  return {
    timeZone: organization?.timeZone ?? DEFAULT_TIME_ZONE,
    postingMaxAgeDays: organization?.postingMaxAgeDays ?? POSTING_MAX_AGE_DAYS_DEFAULT,
  };
}

/** A posting's document, in its live list or among the expired ones; null once removed. */
export async function postingDocument<T extends Document>(
  context: ProjectionContext,
  lists: PostingLists,
  id: string,
): Promise<T | null> {
  return (await context.get<T>(lists.live, id)) ?? (await context.get<T>(lists.expired, id));
}

/**
 * Stores a posting where it belongs now: an expired one among the expired, any other in the live
 * list, with the instant it expires in its organization's settings; `null` removes it from both.
 * `document` is the caller's own new object: it is given its expiry and staged as it is (no copy).
 */
export async function storePosting(
  context: ProjectionContext,
  lists: PostingLists,
  orgId: string,
  id: string,
  document:
    | (DocumentBody & {
        availabilityDate: string;
        createdAt: string;
        refreshedAt?: string;
        expired?: boolean;
      })
    | null,
  wasExpired: boolean,
): Promise<void> {
  if (!document) {
    context.delete(wasExpired ? lists.expired : lists.live, id);
    return;
  }
  const refreshedAt = document.refreshedAt ?? document.createdAt;
  const { expiresAt } = postingExpiry(
    { availabilityDate: document.availabilityDate, refreshedAt },
    await expirySettingsOf(context, orgId),
  );
  const expired = document.expired === true;
  document.expiresAt = expiresAt;
  context.put(expired ? lists.expired : lists.live, document);
  if (expired !== wasExpired) context.delete(wasExpired ? lists.expired : lists.live, id);
}
