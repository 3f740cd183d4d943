import type { LiveChangeKind } from '@dispatch/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBoardAnnouncements } from '../../lib/announcements';
import {
  addTallies,
  type BoardTally,
  describeTally,
  diffRows,
  emptyTally,
  isEmptyTally,
  type Nouns,
  type RowVersions,
} from './board-changes';
import { onLiveChange } from './live-connection';

/** Announcements come at most this often: a burst of changes is one sentence. */
export const ANNOUNCE_EVERY_MS = 3000;
/** A notice whose rows have not shown on the page by then is forgotten (they were on another page). */
const NAMED_FOR_MS = 60_000;

export interface BoardChanges {
  /** What the board's polite live region says; empty when the user turned announcements off. */
  message: string;
  /** The rows that came onto the page since the user last went to them, in the page's order. */
  newIds: number[];
  /** The user went to the new rows (or turned the page): none is new any more. */
  clearNew: () => void;
}

/**
 * What changes on a live board's page as others post, edit and remove: a sentence for a screen
 * reader, at most every few seconds, and the rows that are new. Only rows a change notice of the
 * board's kind named count; `view` is the board's page and filters: another view is no change.
 */
export function useBoardChanges<R extends { id: number; version: number }>({
  kind,
  rows,
  view,
  nouns,
}: {
  kind: LiveChangeKind;
  rows: readonly R[];
  view: string;
  nouns: Nouns;
}): BoardChanges {
  const announce = useBoardAnnouncements();
  const [message, setMessage] = useState('');
  const [newIds, setNewIds] = useState<number[]>([]);
  const named = useRef(new Map<number, number>());
  const shown = useRef<{ view: string; rows: RowVersions } | null>(null);
  const pending = useRef<BoardTally>(emptyTally);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSaid = useRef(0);
  const settings = useRef({ announce, nouns });
  settings.current = { announce, nouns };

  useEffect(
    () =>
      onLiveChange((change) => {
        if (change.kind !== kind) return;
        const now = Date.now();
        for (const id of change.ids) if (typeof id === 'number') named.current.set(id, now);
      }),
    [kind],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  const say = useCallback(() => {
    timer.current = undefined;
    const tally = pending.current;
    pending.current = emptyTally;
    if (isEmptyTally(tally) || !settings.current.announce) return;
    lastSaid.current = Date.now();
    // Emptied first, so that the same sentence twice is heard twice.
    setMessage('');
    setTimeout(() => setMessage(describeTally(tally, settings.current.nouns)), 100);
  }, []);

  useEffect(() => {
    const current: RowVersions = new Map(rows.map((row) => [row.id, row.version]));
    const before = shown.current;
    shown.current = { view, rows: current };
    if (!before || before.view !== view) {
      setNewIds([]);
      return;
    }
    const now = Date.now();
    for (const [id, at] of named.current) if (now - at > NAMED_FOR_MS) named.current.delete(id);
    const { tally, added, accounted } = diffRows(before.rows, current, new Set(named.current.keys()));
    for (const id of accounted) named.current.delete(id);
    setNewIds((ids) => {
      const still = [...ids, ...added].filter((id) => current.has(id));
      return rows.map((row) => row.id).filter((id) => still.includes(id));
    });
    if (isEmptyTally(tally)) return;
    pending.current = addTallies(pending.current, tally);
    if (timer.current === undefined)
      // A moment to gather the rest of a burst, and never sooner than the last sentence allows.
      timer.current = setTimeout(say, Math.max(1000, lastSaid.current + ANNOUNCE_EVERY_MS - now));
  }, [rows, view, say]);

  useEffect(() => {
    if (!announce) setMessage('');
  }, [announce]);

  const clearNew = useCallback(() => setNewIds([]), []);
  return { message: announce ? message : '', newIds, clearNew };
}
