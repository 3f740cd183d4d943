import { ArrowDown } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { Nouns } from './board-changes';

/**
 * A board's polite live region: what changed, said when the reader is idle, never moving focus.
 * One per live list; it stays in the page (empty) so assistive technology hears what fills it.
 */
export function BoardLiveRegion({ message, label }: { message: string; label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      aria-label={label}
      data-board-announcements
      className="sr-only"
    >
      {message}
    </div>
  );
}

/**
 * "2 new trucks": the rows that came since the user last looked, a button that takes focus to the
 * first of them (then they are new no more).
 */
export function NewRowsButton({
  newIds,
  nouns,
  onGo,
}: {
  newIds: readonly number[];
  nouns: Nouns;
  onGo: (firstId: number) => void;
}) {
  const first = newIds[0];
  if (first === undefined) return null;
  return (
    <Button variant="outline" size="sm" onClick={() => onGo(first)} data-new-rows>
      <ArrowDown aria-hidden />
      {newIds.length} new {newIds.length === 1 ? nouns.one : nouns.many}
      <span className="sr-only">: go to the first</span>
    </Button>
  );
}
