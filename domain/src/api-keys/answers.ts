import { z } from 'zod';
import { instantAnswer } from '../shared/answers.ts';
import { apiKeyScopes } from './scopes.ts';

export const apiKeyStatuses = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];

/** A key as owners and admins see it: its prefix, never its secret. */
export const apiKeyAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: instantAnswer(),
  lastUsedAt: instantAnswer().nullable(),
  expiresAt: instantAnswer().nullable(),
  revokedAt: instantAnswer().nullable(),
  status: z.enum(apiKeyStatuses),
});
export type ApiKeyAnswer = z.output<typeof apiKeyAnswerSchema>;

/** POST /api/v1/api-keys: the key, and its secret, which no other answer ever shows. */
export const apiKeyCreatedAnswerSchema = z.object({ key: apiKeyAnswerSchema, secret: z.string() });
export type ApiKeyCreatedAnswer = z.output<typeof apiKeyCreatedAnswerSchema>;

/** GET /api/v1/api-keys: the organization's keys, newest first. */
export const apiKeysAnswerSchema = z.object({ items: z.array(apiKeyAnswerSchema) });
export type ApiKeysAnswer = z.output<typeof apiKeysAnswerSchema>;

/** A key's status at `now`: revoked, past its expiry, or active. */
export function apiKeyStatusAt(
  key: { revokedAt: string | null; expiresAt: string | null },
  now: Date,
): ApiKeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}
