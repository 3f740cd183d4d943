import { type AuthService, callerFirst, requireOrganization, type SessionActor } from '@dispatch/auth';
import {
  API_KEYS_FORBIDDEN_MESSAGE,
  type ApiKeyAnswer,
  apiKeyPrefixOf,
  apiKeyStatusAt,
  apiKeysAnswerSchema,
  canManageApiKeys,
} from '@dispatch/domain';
import { answers, HttpError, type RoutesPlugin } from '@dispatch/http';
import { type ApiKeyDocument, collections } from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';
import type { FastifyRequest } from 'fastify';

/** The most keys the list shows (newest first). */
const API_KEYS_LISTED_MAX = 500;

async function requireKeyManager(auth: AuthService, request: FastifyRequest): Promise<SessionActor> {
  const actor = await requireOrganization(auth, request);
  if (!canManageApiKeys(actor.role)) throw new HttpError(403, 'FORBIDDEN', API_KEYS_FORBIDDEN_MESSAGE);
  return actor;
}

/** A key as the list shows it, its status at `now` (an expiry passes without an event). */
export function apiKeyAnswerOf(key: ApiKeyDocument, now: Date): ApiKeyAnswer {
  return {
    id: key.id,
    name: key.name,
    prefix: apiKeyPrefixOf(key.id),
    scopes: key.scopes,
    createdBy: { id: key.createdById, name: key.createdByName },
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
    status: apiKeyStatusAt(key, now),
  };
}

/** GET /api/v1/api-keys: the organization's keys, newest first, for its owners and admins (sessions only). */
export function apiKeyQueries(options: { documents: DocumentStore; auth: AuthService }): RoutesPlugin {
  const { documents, auth } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireKeyManager));
    app.get('/api/v1/api-keys', answers({ 200: apiKeysAnswerSchema }), async (request) => {
      const { orgId } = await requireKeyManager(auth, request);
      const rows = await documents.find<ApiKeyDocument>(collections.apiKeys, {
        filter: { orgId: { eq: orgId } },
        sort: [{ field: 'createdAt', direction: 'desc' }],
        limit: API_KEYS_LISTED_MAX,
      });
      const now = new Date();
      return { items: rows.map((row) => apiKeyAnswerOf(row, now)) };
    });
  };
}
