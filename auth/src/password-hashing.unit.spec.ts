import { expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hashing.ts';

it('hashes with argon2id and verifies only the same password', async () => {
  const hash = await hashPassword('correct horse battery');

  expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  expect(await verifyPassword({ hash, password: 'correct horse battery' })).toBe(true);
  expect(await verifyPassword({ hash, password: 'correct horse batterY' })).toBe(false);
});

it('salts every hash', async () => {
  expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
});

it('never matches a hash in another format', async () => {
  expect(await verifyPassword({ hash: 'scrypt:abc:def', password: 'anything' })).toBe(false);
});
