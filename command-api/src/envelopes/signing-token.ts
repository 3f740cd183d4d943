import { createHash, randomBytes } from 'node:crypto';
import { signingTokenParams } from '@dispatch/domain';

/** The stored form of a signing link's token: only its hash ever reaches the event store. */
export const hashSigningToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new signing link's token: the envelope id (so the link finds its stream without an index) and
 * 256 random bits, which are what make the link unguessable.
 */
export function newSigningToken(envelopeId: string): { token: string; tokenHash: string } {
  const token = `${envelopeId}.${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashSigningToken(token) };
}

/** The envelope a token names and the token's hash, or null when it is not a token at all. */
export function readSigningToken(value: unknown): { envelopeId: string; tokenHash: string } | null {
  const parsed = signingTokenParams.safeParse({ token: value });
  if (!parsed.success) return null;
  const { token } = parsed.data;
  return { envelopeId: token.slice(0, token.indexOf('.')), tokenHash: hashSigningToken(token) };
}

export const signingUrl = (publicUrl: string, token: string) =>
  new URL(`/sign/${encodeURIComponent(token)}`, publicUrl).toString();
