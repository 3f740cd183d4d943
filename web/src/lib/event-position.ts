import { replaceEqualDeep } from '@tanstack/react-query';

/**
 * Read your writes. The highest event position this tab has seen, from command responses
 * (`x-event-position`) and live change notices. Queries send it back as `x-min-position`, so the
 * read side answers only once its projection has passed the writes this user already saw.
 * Positions are 64-bit log positions: they are compared as bigints, never as JS numbers.
 */
let highest: bigint | null = null;

export function notePosition(position: string | null | undefined): void {
  if (!position || !/^\d+$/.test(position)) return;
  const value = BigInt(position);
  if (highest === null || value > highest) highest = value;
}

export function minPosition(): string | null {
  return highest === null ? null : highest.toString();
}

/** On sign-out: the next user of this tab starts from the read side's own position. */
export function forgetPositions(): void {
  highest = null;
}

/** The position each answer of the read side reflects (`x-projection-position`), by the answer itself. */
const answerPositions = new WeakMap<object, bigint>();

export function noteAnswerPosition(answer: unknown, position: string | null | undefined): void {
  if (typeof answer !== 'object' || answer === null || !position || !/^\d+$/.test(position)) return;
  answerPositions.set(answer, BigInt(position));
}

/**
 * A query's new answer as the cache keeps it: the parts equal to the old one kept (TanStack's
 * structural sharing), which makes a new object, so the position the answer reflects goes with it.
 */
export function shareAnswer(old: unknown, next: unknown): unknown {
  const shared = replaceEqualDeep(old, next);
  const position = answerPositionOf(next);
  if (position !== undefined && typeof shared === 'object' && shared !== null)
    answerPositions.set(shared, position);
  return shared;
}

/** The position an answer reflects; undefined when it is not known (not an answer of `request`). */
export function answerPositionOf(answer: unknown): bigint | undefined {
  return typeof answer === 'object' && answer !== null ? answerPositions.get(answer) : undefined;
}
