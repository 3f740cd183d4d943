import { argon2id, hash, verify } from 'argon2';

// OWASP's minimum recommendation for argon2id: 19 MiB of memory, two passes, one lane.
// The parameters travel inside each hash, so raising them later keeps old hashes verifiable.
const owaspArgon2id = { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, owaspArgon2id);
}

export async function verifyPassword({ hash: digest, password }: { hash: string; password: string }) {
  // A hash in another format can only be a corrupt or foreign record: it never matches,
  // rather than surfacing a parse error as a server failure on sign-in.
  if (!digest.startsWith('$argon2')) return false;
  return verify(digest, password);
}
