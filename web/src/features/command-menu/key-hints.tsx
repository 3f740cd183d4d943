import { CornerDownLeft } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The menu's keys: arrows to choose, Enter to open, Escape to close (hidden on small screens). */
export function KeyHints() {
  return (
    <div
      className={cn(
        'flex items-center gap-3 border-t border-border px-3 py-2 text-xs text-muted-foreground',
        'max-sm:hidden',
      )}
    >
      <span className="inline-flex items-center gap-1">
        <kbd className="rounded border border-border bg-muted px-1 font-sans">↑</kbd>
        <kbd className="rounded border border-border bg-muted px-1 font-sans">↓</kbd> choose
      </span>
      <span className="inline-flex items-center gap-1">
        <CornerDownLeft className="size-3.5" aria-hidden /> open
      </span>
      <span className="inline-flex items-center gap-1">
        <kbd className="rounded border border-border bg-muted px-1 font-sans">Esc</kbd> close
      </span>
    </div>
  );
}
