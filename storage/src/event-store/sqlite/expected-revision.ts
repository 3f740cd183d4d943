import { type ExpectedRevision, WrongExpectedRevisionError } from '../port.ts';

/** `current` is the stream's revision, or null when the stream has no events. */
export function assertExpectedRevision(
  streamId: string,
  expected: ExpectedRevision,
  current: bigint | null,
): void {
  const holds =
    expected === 'any' ||
    (expected === 'no_stream' && current === null) ||
    (expected === 'stream_exists' && current !== null) ||
    (typeof expected === 'bigint' && expected === current);
  if (!holds) throw new WrongExpectedRevisionError(streamId, expected, current ?? 'no_stream');
}
