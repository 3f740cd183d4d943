import { expect, it } from 'vitest';
import { type ExpectedRevision, WrongExpectedRevisionError } from '../port.ts';
import { assertExpectedRevision } from './expected-revision.ts';

it.each<[ExpectedRevision, bigint | null, boolean]>([
  ['any', null, true],
  ['any', 3n, true],
  ['no_stream', null, true],
  ['no_stream', 0n, false],
  ['stream_exists', 0n, true],
  ['stream_exists', null, false],
  [2n, 2n, true],
  [2n, 3n, false],
  [0n, null, false],
])('expected %s against current %s holds: %s', (expected, current, holds) => {
  const check = () => assertExpectedRevision('truck-1', expected, current);
  if (holds) expect(check).not.toThrow();
  else expect(check).toThrow(WrongExpectedRevisionError);
});
