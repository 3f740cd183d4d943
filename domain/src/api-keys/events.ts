import type { ApiKeyScope } from './scopes.ts';

export const API_KEY_SCHEMA_VERSION = 1;

/** A key was made; only the SHA-256 (hex) of its whole secret is recorded, never the secret. */
export type ApiKeyCreated = {
  type: 'ApiKeyCreated';
  data: {
    keyId: string;
    orgId: string;
    name: string;
    scopes: ApiKeyScope[];
    secretHash: string;
    expiresAt: string | null;
    createdBy: string;
  };
};
export type ApiKeyRevoked = { type: 'ApiKeyRevoked'; data: { keyId: string; revokedBy: string } };
/** A key was used (recorded at most once a minute per key and process: "last used" is accurate to a minute). */
export type ApiKeyUsed = { type: 'ApiKeyUsed'; data: { at: string } };

export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked | ApiKeyUsed;

export const apiKeyEventTypes = ['ApiKeyCreated', 'ApiKeyRevoked', 'ApiKeyUsed'] as const;

export const API_KEY_STREAM_PREFIX = 'apikey-';
export const apiKeyStream = (keyId: string) => `${API_KEY_STREAM_PREFIX}${keyId}`;
/** The key id a stream of keys names (null for any other stream). */
export const apiKeyIdOfStream = (streamId: string) =>
  streamId.startsWith(API_KEY_STREAM_PREFIX) ? streamId.slice(API_KEY_STREAM_PREFIX.length) : null;

/** The actor id the events a key appends carry. */
export const API_KEY_ACTOR_PREFIX = 'apikey:';
export const apiKeyActorId = (keyId: string) => `${API_KEY_ACTOR_PREFIX}${keyId}`;
export const apiKeyIdOfActor = (actorId: string) =>
  actorId.startsWith(API_KEY_ACTOR_PREFIX) ? actorId.slice(API_KEY_ACTOR_PREFIX.length) : null;
