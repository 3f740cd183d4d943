import { randomUUID } from 'node:crypto';
import {
  API_KEY_SCHEMA_VERSION,
  type ApiKeyEvent,
  type ApiKeyScope,
  type ApiKeyState,
  apiKeyActorId,
  apiKeyDecider,
  apiKeyStream,
  isApiKeyUsable,
  type Recorded,
} from '@dispatch/domain';
import { type EventStore, eventMetadata, newEventId, StreamNotFoundError } from '@dispatch/storage';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { keyIdOfSecret, secretMatches } from './api-key-secrets.ts';

/** The key a bearer request was made with, once its secret matched a usable key. */
export interface ApiKeyCaller {
  id: string;
  orgId: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The user who made the key. */
  createdBy: string;
}

/** The usable key a secret names, or null (unknown, garbled, expired, revoked or not its secret). */
export type ApiKeyResolver = (secret: string) => Promise<ApiKeyCaller | null>;

/** How long a process keeps a key's stream it read: a revocation holds on every process within this. */
export const API_KEY_CACHE_MS = 500;
/** A key's use is recorded at most this often per process ("last used" is accurate to a minute). */
export const API_KEY_USE_EVERY_MS = 60_000;
/** Keys whose streams a process keeps at most (the oldest read is forgotten first). */
const CACHE_MAX = 10_000;

const resolvers = new WeakMap<FastifyRequest, ApiKeyResolver>();
/** Every cache of this process, so a revocation made here holds here at once. */
const caches = new Set<Map<string, unknown>>();

/** Forgets what this process read of a key (its revocation was just appended here). */
export function forgetApiKey(keyId: string) {
  for (const cache of caches) cache.delete(keyId);
}

async function readKey(store: EventStore, keyId: string): Promise<ApiKeyState> {
  let state = apiKeyDecider.initialState();
  try {
    for (const recorded of await store.readStream(apiKeyStream(keyId))) {
      state = apiKeyDecider.evolve(state, recorded as unknown as Recorded<ApiKeyEvent>);
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return state;
}

/**
 * Resolves bearer secrets against the keys' own streams (authoritative: a revocation holds for the
 * next read), each read kept `cacheMs` (at most 500 ms). A key's use is appended to its stream at most
 * once a minute per process; a failure to record it is logged, never refuses the request.
 */
export function apiKeyResolver(
  store: EventStore,
  options: {
    log?: FastifyBaseLogger;
    now?: () => Date;
    cacheMs?: number;
    /** Whether the key's organization still exists: a deleted organization's keys work no more. */
    organizationActive?: (orgId: string) => Promise<boolean>;
  } = {},
): ApiKeyResolver {
  const cacheMs = Math.min(options.cacheMs ?? API_KEY_CACHE_MS, API_KEY_CACHE_MS);
  const now = options.now ?? (() => new Date());
  const cache = new Map<string, { readAt: number; state: Promise<ApiKeyState> }>();
  caches.add(cache);
  const lastUse = new Map<string, number>();

  const stateOf = (keyId: string) => {
    const readAt = Date.now();
    const kept = cache.get(keyId);
    if (kept && readAt - kept.readAt < cacheMs) return kept.state;
    const state = readKey(store, keyId);
    state.catch(() => cache.delete(keyId));
    cache.delete(keyId);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(keyId, { readAt, state });
    return state;
  };

  const recordUse = async (key: ApiKeyCaller, at: Date) => {
    const last = lastUse.get(key.id);
    if (last !== undefined && at.getTime() - last < API_KEY_USE_EVERY_MS) return;
    lastUse.set(key.id, at.getTime());
    try {
      const [used] = apiKeyDecider.decide(
        { type: 'RecordApiKeyUse', data: { at: at.toISOString() } },
        apiKeyDecider.initialState(),
      );
      if (!used) return;
      const metadata = eventMetadata(
        {
          orgId: key.orgId,
          actorId: apiKeyActorId(key.id),
          correlationId: randomUUID(),
          causationId: null,
          occurredAt: at,
        },
        API_KEY_SCHEMA_VERSION,
      );
      await store.append(
        apiKeyStream(key.id),
        [{ id: newEventId(), type: used.type, data: used.data, metadata }],
        {
          expected: 'any',
        },
      );
    } catch (error) {
      options.log?.error({ err: error, keyId: key.id }, 'recording an API key use failed');
    }
  };

  return async (secret) => {
    const keyId = keyIdOfSecret(secret);
    if (!keyId) return null;
    const state = await stateOf(keyId);
    const at = now();
    if (!isApiKeyUsable(state, at) || !secretMatches(secret, state.secretHash)) return null;
    if (options.organizationActive && !(await options.organizationActive(state.orgId))) return null;
    const key: ApiKeyCaller = {
      id: state.keyId,
      orgId: state.orgId,
      name: state.name,
      scopes: [...state.scopes],
      createdBy: state.createdBy,
    };
    await recordUse(key, at);
    return key;
  };
}

/**
 * Says how the routes of `app` (and its children) resolve API keys: from the keys' streams in `store`
 * (both APIs have the event store), and whether a key's organization still exists (each API from its
 * own source, as it checks membership). A route that never said so refuses every key.
 */
export function resolveApiKeysWith(
  app: FastifyInstance,
  store: EventStore,
  options: { organizationActive: (orgId: string) => Promise<boolean>; now?: () => Date; cacheMs?: number },
) {
  const resolver = apiKeyResolver(store, { ...options, log: app.log });
  app.addHook('onRequest', async (request) => {
    resolvers.set(request, resolver);
  });
}

export const apiKeyResolverOf = (request: FastifyRequest) => resolvers.get(request);

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

/** The bearer token of a request, when its Authorization header uses that scheme ('' for a bearer without one). */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^Bearer(\s|$)/i.test(header)) return null;
  return BEARER.exec(header)?.[1] ?? '';
}

const SESSION_COOKIES = new Set(['better-auth.session_token', '__Secure-better-auth.session_token']);

/** Whether a request carries a session cookie. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return false;
  return header.split(';').some((pair) => SESSION_COOKIES.has(pair.split('=')[0]?.trim() ?? ''));
}

/** The key id a bearer request names, without resolving it (what the per-key rate limit counts by). */
export function bearerKeyIdOf(request: FastifyRequest): string | null {
  const bearer = bearerOf(request);
  return bearer === null ? null : keyIdOfSecret(bearer);
}
