import { describe, expect, it } from 'vitest';
import { type ApiKeyEvent, apiKeyCreateSchema, apiKeyDecider } from '../index.ts';
import { DeciderSpecification } from '../shared/decider-specification.ts';

const created: ApiKeyEvent = {
  type: 'ApiKeyCreated',
  data: {
    keyId: 'a1b2c3d4e5f6',
    orgId: 'org-a',
    name: 'Dispatch sync',
    scopes: ['postings:read'],
    secretHash: 'ab'.repeat(32),
    expiresAt: null,
    createdBy: 'user-a',
  },
};

const spec = DeciderSpecification.for(apiKeyDecider, { metadata: { orgId: 'org-a' } });

describe('API key decider', () => {
  it('creates a key', () => {
    spec
      .given([])
      .when({
        type: 'CreateApiKey',
        data: created.data as Extract<ApiKeyEvent, { type: 'ApiKeyCreated' }>['data'],
      })
      .then([created]);
  });

  it('refuses to create a key id twice', () => {
    spec
      .given([created])
      .when({
        type: 'CreateApiKey',
        data: created.data as Extract<ApiKeyEvent, { type: 'ApiKeyCreated' }>['data'],
      })
      .thenThrows({ kind: 'illegal_state' });
  });

  it('revokes a key', () => {
    spec
      .given([created])
      .when({ type: 'RevokeApiKey', data: { keyId: 'a1b2c3d4e5f6', orgId: 'org-a', revokedBy: 'user-b' } })
      .then([{ type: 'ApiKeyRevoked', data: { keyId: 'a1b2c3d4e5f6', revokedBy: 'user-b' } }]);
  });

  it('records nothing when a revoked key is revoked again', () => {
    spec
      .given([created, { type: 'ApiKeyRevoked', data: { keyId: 'a1b2c3d4e5f6', revokedBy: 'user-a' } }])
      .when({ type: 'RevokeApiKey', data: { keyId: 'a1b2c3d4e5f6', orgId: 'org-a', revokedBy: 'user-a' } })
      .then([]);
  });

  it("reports another organization's key as not found", () => {
    spec
      .given([created])
      .when({ type: 'RevokeApiKey', data: { keyId: 'a1b2c3d4e5f6', orgId: 'org-b', revokedBy: 'user-b' } })
      .thenThrows({ kind: 'not_found', message: 'API key not found' });
  });

  it('reports a key that was never made as not found', () => {
    spec
      .given([])
      .when({ type: 'RevokeApiKey', data: { keyId: 'a1b2c3d4e5f6', orgId: 'org-a', revokedBy: 'user-a' } })
      .thenThrows({ kind: 'not_found' });
  });

  it('records a use whatever the stream holds', () => {
    spec
      .given([])
      .when({ type: 'RecordApiKeyUse', data: { at: '2026-01-01T00:01:00.000Z' } })
      .then([{ type: 'ApiKeyUsed', data: { at: '2026-01-01T00:01:00.000Z' } }]);
  });
});

describe('API key input', () => {
  const future = new Date(Date.now() + 86_400_000).toISOString();

  it('trims the name and keeps distinct scopes', () => {
    expect(apiKeyCreateSchema.parse({ name: '  Sync  ', scopes: ['envelopes', 'activity'] })).toEqual({
      name: 'Sync',
      scopes: ['envelopes', 'activity'],
      expiresAt: null,
    });
    expect(
      apiKeyCreateSchema.parse({ name: 'Sync', scopes: ['activity'], expiresAt: future }).expiresAt,
    ).toBe(future);
  });

  it.each([
    ['an empty name', { name: '   ', scopes: ['activity'] }],
    ['a name of 81 characters', { name: 'x'.repeat(81), scopes: ['activity'] }],
    ['no scope', { name: 'Sync', scopes: [] }],
    ['a scope twice', { name: 'Sync', scopes: ['activity', 'activity'] }],
    ['an unknown scope', { name: 'Sync', scopes: ['admin'] }],
    ['an expiry in the past', { name: 'Sync', scopes: ['activity'], expiresAt: '2020-01-01T00:00:00Z' }],
    ['an expiry that is not a date-time', { name: 'Sync', scopes: ['activity'], expiresAt: 'tomorrow' }],
    ['an unknown field', { name: 'Sync', scopes: ['activity'], orgId: 'org-b' }],
  ])('refuses %s', (_why, input) => {
    expect(apiKeyCreateSchema.safeParse(input).success).toBe(false);
  });
});
