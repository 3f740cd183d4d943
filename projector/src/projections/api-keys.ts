import { type ApiKeyEvent, apiKeyEventTypes, apiKeyIdOfStream } from '@dispatch/domain';
import {
  type ActorDocument,
  type ApiKeyDocument,
  actorDocumentId,
  apiKeysCollection,
  collections,
} from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection } from '../projection.ts';

type Stored = Omit<ApiKeyDocument, 'position'>;

/**
 * An organization's API keys, for its owners' and admins' list: made (with its creator's name as the
 * organization knows them), last used (to the minute), revoked. Never the secret, nor its hash.
 */
export const apiKeysProjection: Projection = {
  name: 'api-keys',
  collections: [apiKeysCollection],
  eventTypes: apiKeyEventTypes,
  async apply(event: RecordedEvent, context) {
    const keyId = apiKeyIdOfStream(event.streamId);
    if (!keyId) return;
    const recorded = { type: event.type, data: event.data } as ApiKeyEvent;
    if (recorded.type === 'ApiKeyCreated') {
      const { orgId, name, scopes, expiresAt, createdBy } = recorded.data;
      const creator = await context.get<ActorDocument>(
        collections.activityActors,
        actorDocumentId(orgId, createdBy),
      );
      const key: Stored = {
        id: keyId,
        orgId,
        name,
        scopes: [...scopes],
        createdById: createdBy,
        createdByName: creator?.name || createdBy,
        createdAt: event.metadata.occurredAt,
        lastUsedAt: null,
        expiresAt,
        revokedAt: null,
      };
      context.put(collections.apiKeys, key);
      return;
    }
    const key = await context.get<ApiKeyDocument>(collections.apiKeys, keyId);
    if (!key) return;
    const { position: _position, ...current } = key;
    if (recorded.type === 'ApiKeyRevoked') {
      if (current.revokedAt === null)
        context.put(collections.apiKeys, { ...current, revokedAt: event.metadata.occurredAt });
      return;
    }
    const at = recorded.data.at;
    if (current.lastUsedAt === null || at > current.lastUsedAt) {
      context.put(collections.apiKeys, { ...current, lastUsedAt: at });
    }
  },
};
