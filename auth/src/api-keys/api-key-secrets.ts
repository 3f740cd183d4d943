import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_SECRET_PATTERN, apiKeyPrefixOf } from '@dispatch/domain';

/** The SHA-256 (hex) of a whole secret: all a key's stream records of it. */
export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/**
 * A new key: its id (12 lowercase hexadecimal characters), its secret `dsp_<keyId>_<32 random bytes in
 * base64url>`, shown once, and the hash that is kept.
 */
export function newApiKeySecret(): { keyId: string; secret: string; secretHash: string } {
  const keyId = randomBytes(6).toString('hex');
  const secret = `${apiKeyPrefixOf(keyId)}_${randomBytes(32).toString('base64url')}`;
  return { keyId, secret, secretHash: hashApiKeySecret(secret) };
}

/** The key id a secret names, when it has a secret's shape at all. */
export const keyIdOfSecret = (secret: string): string | null =>
  API_KEY_SECRET_PATTERN.exec(secret)?.[1] ?? null;

/** Whether `secret` is the one whose hash a key recorded, compared in constant time. */
export function secretMatches(secret: string, secretHash: string): boolean {
  const given = Buffer.from(hashApiKeySecret(secret), 'hex');
  const kept = Buffer.from(secretHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
