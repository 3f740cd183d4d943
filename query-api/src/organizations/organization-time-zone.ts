import { DEFAULT_TIME_ZONE } from '@dispatch/domain';
import { collections } from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';
import type { AnswerCache } from '../answer-cache.ts';

/** The time zone an organization's "today" and "yesterday" are counted in (a setting of the organization). */
export async function organizationTimeZone(documents: DocumentStore, orgId: string): Promise<string> {
  const organization = await documents.get<{ id: string; position: string; timeZone?: string }>(
    collections.organizations,
    orgId,
  );
  return organization?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The organization's time zone through the answer cache: it changes only with an event. */
export function cachedTimeZone(cache: AnswerCache, documents: DocumentStore, orgId: string): Promise<string> {
  return cache.answer(`time-zone\u0000${orgId}`, () => organizationTimeZone(documents, orgId));
}
