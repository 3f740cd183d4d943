import {
  type AuthService,
  callerFirst,
  forgetApiKey,
  newApiKeySecret,
  requireOrganization,
  type SessionActor,
} from '@dispatch/auth';
import {
  API_KEYS_FORBIDDEN_MESSAGE,
  type ApiKeyAnswer,
  apiKeyCreatedAnswerSchema,
  apiKeyCreateSchema,
  apiKeyParamsSchema,
  apiKeyPrefixOf,
  apiKeyStatusAt,
  canManageApiKeys,
} from '@dispatch/domain';
import { answers, HttpError, type RoutesPlugin } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import type { FastifyRequest } from 'fastify';
import { apiKeys } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';

/** The organization's owners and admins, with a session: a key never makes or revokes keys. */
async function requireKeyManager(auth: AuthService, request: FastifyRequest): Promise<SessionActor> {
  const actor = await requireOrganization(auth, request);
  if (!canManageApiKeys(actor.role)) throw new HttpError(403, 'FORBIDDEN', API_KEYS_FORBIDDEN_MESSAGE);
  return actor;
}

/**
 * An organization's API keys: made with a name, scopes and an optional expiry (the secret is in the
 * creation's answer only; the key's stream keeps its SHA-256), and revoked.
 */
export function apiKeyRoutes(options: { store: EventStore; auth: AuthService }): RoutesPlugin {
  const { store, auth } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireKeyManager));

    const created = answers({ 201: apiKeyCreatedAnswerSchema }, { body: apiKeyCreateSchema });
    app.post('/api/v1/api-keys', created, async (request, reply) => {
      const actor = await requireKeyManager(auth, request);
      const { keyId, secret, secretHash } = newApiKeySecret();
      const { name, scopes, expiresAt } = request.body;
      const result = await handle(
        store,
        apiKeys,
        keyId,
        {
          type: 'CreateApiKey',
          data: { keyId, orgId: actor.orgId, name, scopes, secretHash, expiresAt, createdBy: actor.userId },
        },
        commandContextOf(request, actor),
        { create: true },
      );
      sendPosition(reply, result);
      const createdAt = result.events[0]?.metadata.occurredAt ?? new Date().toISOString();
      const key: ApiKeyAnswer = {
        id: keyId,
        name,
        prefix: apiKeyPrefixOf(keyId),
        scopes,
        createdBy: { id: actor.userId, name: actor.session.user.name },
        createdAt,
        lastUsedAt: null,
        expiresAt,
        revokedAt: null,
        status: apiKeyStatusAt({ revokedAt: null, expiresAt }, new Date()),
      };
      return reply.status(201).send({ key, secret });
    });

    const revoked = answers({ 204: null }, { params: apiKeyParamsSchema });
    app.delete('/api/v1/api-keys/:id', revoked, async (request, reply) => {
      const actor = await requireKeyManager(auth, request);
      const { id } = request.params;
      const result = await handle(
        store,
        apiKeys,
        id,
        { type: 'RevokeApiKey', data: { keyId: id, orgId: actor.orgId, revokedBy: actor.userId } },
        commandContextOf(request, actor),
      );
      // This process refuses the key from the next request on; the others within API_KEY_CACHE_MS.
      forgetApiKey(id);
      sendPosition(reply, result);
      return reply.status(204).send();
    });
  };
}
