import { z } from 'zod';
import type { MemberRole } from '../shared/enums.ts';
import { requiredText } from '../shared/fields.ts';
import { apiKeyScopes } from './scopes.ts';

export const API_KEY_NAME_MAX = 80;
/** Requests per minute one key may make on each API unless API_KEY_RATE_LIMIT says otherwise. */
export const DEFAULT_API_KEY_RATE_LIMIT = 600;
export const API_KEY_NOT_FOUND = 'API key not found';
export const API_KEYS_FORBIDDEN_MESSAGE = 'Only owners and admins may manage API keys';

/** An organization's keys are made, listed and revoked by its owners and admins, with a session only. */
export const canManageApiKeys = (role: MemberRole | null | undefined) => role === 'owner' || role === 'admin';

/** A key's id: 12 lowercase hexadecimal characters. */
export const API_KEY_ID_PATTERN = /^[0-9a-f]{12}$/;
/** The secret as it is shown once: `dsp_<keyId>_<32 random bytes in base64url>`. */
export const API_KEY_SECRET_PATTERN = /^dsp_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
export const API_KEY_PREFIX = 'dsp_';
/** What a list shows of a key: its prefix, never its secret. */
export const apiKeyPrefixOf = (keyId: string) => `${API_KEY_PREFIX}${keyId}`;

const scopeSchema = z.enum(apiKeyScopes, { error: `Scope must be one of ${apiKeyScopes.join(', ')}` });

/**
 * POST /api/v1/api-keys: a name, the scopes the key holds (one to five, each once) and, when it should
 * stop working on its own, an instant in the future.
 */
export const apiKeyCreateSchema = z
  .object({
    name: requiredText('Name', API_KEY_NAME_MAX),
    scopes: z
      .array(scopeSchema, { error: 'Scopes must be a list' })
      .min(1, 'Choose at least one scope')
      .max(apiKeyScopes.length, `Choose at most ${apiKeyScopes.length} scopes`)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope may be chosen once'),
    expiresAt: z.iso
      .datetime({ offset: true, error: 'Expiry must be an ISO 8601 date-time' })
      .refine((value) => Date.parse(value) > Date.now(), 'Expiry must be in the future')
      .transform((value) => new Date(value).toISOString())
      .nullish()
      .transform((value) => value ?? null),
  })
  .strict();
export type ApiKeyCreateInput = z.output<typeof apiKeyCreateSchema>;

/** The id in a key route's path. */
export const apiKeyParamsSchema = z.object({
  id: z.string().regex(API_KEY_ID_PATTERN, 'API key id must be 12 lowercase hexadecimal characters'),
});
