import type { Decider, Recorded } from '../shared/decider.ts';
import { assertNever, illegalState, notFound } from '../shared/errors.ts';
import type { ApiKeyEvent } from './events.ts';
import { API_KEY_NOT_FOUND } from './schemas.ts';
import type { ApiKeyScope } from './scopes.ts';

/** A key as its stream records it: what resolving a bearer secret and revoking a key decide on. */
export interface ApiKeyRecord {
  keyId: string;
  orgId: string;
  name: string;
  scopes: ApiKeyScope[];
  secretHash: string;
  expiresAt: string | null;
  createdBy: string;
  createdAt: string;
  revokedAt: string | null;
}

export type ApiKeyState = { status: 'none' } | ({ status: 'created' } & ApiKeyRecord);

export type ApiKeyCommand =
  | {
      type: 'CreateApiKey';
      data: {
        keyId: string;
        orgId: string;
        name: string;
        scopes: ApiKeyScope[];
        secretHash: string;
        expiresAt: string | null;
        createdBy: string;
      };
    }
  | { type: 'RevokeApiKey'; data: { keyId: string; orgId: string; revokedBy: string } }
  | { type: 'RecordApiKeyUse'; data: { at: string } };

export const initialApiKeyState = (): ApiKeyState => ({ status: 'none' });

export function evolveApiKey(state: ApiKeyState, event: Recorded<ApiKeyEvent>): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated':
      return {
        status: 'created',
        ...event.data,
        createdAt: event.metadata.occurredAt,
        revokedAt: null,
      };
    case 'ApiKeyRevoked':
      return state.status === 'created' && state.revokedAt === null
        ? { ...state, revokedAt: event.metadata.occurredAt }
        : state;
    case 'ApiKeyUsed':
      return state;
    default:
      return assertNever(event);
  }
}

/** Whether a key works at `now`: made, not revoked, not past its expiry. */
export function isApiKeyUsable(state: ApiKeyState, now: Date): state is { status: 'created' } & ApiKeyRecord {
  if (state.status !== 'created' || state.revokedAt !== null) return false;
  return state.expiresAt === null || Date.parse(state.expiresAt) > now.getTime();
}

export function decideApiKey(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  switch (command.type) {
    case 'CreateApiKey':
      if (state.status !== 'none') throw illegalState(`API key ${command.data.keyId} already exists`);
      return [{ type: 'ApiKeyCreated', data: { ...command.data, scopes: [...command.data.scopes] } }];
    case 'RevokeApiKey':
      // Another organization's key is reported exactly like a missing one: its existence is not disclosed.
      if (state.status !== 'created' || state.orgId !== command.data.orgId) throw notFound(API_KEY_NOT_FOUND);
      // Revoking a revoked key changes nothing.
      if (state.revokedAt !== null) return [];
      return [
        { type: 'ApiKeyRevoked', data: { keyId: command.data.keyId, revokedBy: command.data.revokedBy } },
      ];
    case 'RecordApiKeyUse':
      return [{ type: 'ApiKeyUsed', data: { at: command.data.at } }];
    default:
      return assertNever(command);
  }
}

export const apiKeyDecider: Decider<ApiKeyState, ApiKeyCommand, ApiKeyEvent> = {
  initialState: initialApiKeyState,
  evolve: evolveApiKey,
  decide: decideApiKey,
};
