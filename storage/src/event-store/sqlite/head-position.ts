import type { DatabaseSync } from 'node:sqlite';

export type HeadPosition = () => bigint;

export function prepareHeadPosition(db: DatabaseSync): HeadPosition {
  const head = db.prepare('SELECT max(position) AS position FROM events');
  head.setReadBigInts(true);
  return () => (head.get() as { position: bigint | null }).position ?? 0n;
}
