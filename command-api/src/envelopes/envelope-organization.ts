import { DomainError, envelopeDecider } from '@dispatch/domain';
import type { EventStore } from '@dispatch/storage';
import { envelopes } from '../aggregates.ts';
import { readStreamState } from '../command-handler.ts';
import { organizationDeletions } from '../organizations/organization-store.ts';

export const ORGANIZATION_DELETED_LINK_MESSAGE =
  "The sender's organization no longer exists. There is nothing left to sign.";

/**
 * The signing links of a deleted organization's envelopes are gone (410): nobody is left to send,
 * void or keep what would be signed. Only a link the envelope knows is told so; any other token is
 * left to the envelope's own answer (not found), so a guess learns nothing of the organization.
 */
export function deletedOrganizationLinks(store: EventStore) {
  const isDeleted = organizationDeletions(store);
  return async (link: { envelopeId: string; tokenHash: string }): Promise<void> => {
    const { state: decision } = await readStreamState(
      store,
      envelopes.stream(link.envelopeId),
      envelopeDecider,
    );
    if (decision.status === 'none' || !decision.tokenHashes.includes(link.tokenHash)) return;
    if (await isDeleted(decision.orgId)) throw new DomainError('gone', ORGANIZATION_DELETED_LINK_MESSAGE);
  };
}
