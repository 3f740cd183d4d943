import { Pencil } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../ui/button';

/**
 * Whether a search page shows its form or, once it has a search, one line saying what it searched
 * with an "Edit search" button, so the results start near the top of the window. A new search (its
 * key changes) folds the form again.
 */
export function useFoldedSearch(searchKey: string | null): {
  folded: boolean;
  edit: () => void;
} {
  const [editing, setEditing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search folds the form
  useEffect(() => setEditing(false), [searchKey]);
  return { folded: searchKey !== null && !editing, edit: () => setEditing(true) };
}

/** The folded search: what was searched, then "Edit search", which opens the form again. */
export function SearchSummary({ children, onEdit }: { children: ReactNode; onEdit: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-border bg-card px-4 py-2">
      <p className="min-w-0 text-sm break-words" data-search-summary>
        {children}
      </p>
      <Button variant="outline" size="sm" onClick={onEdit}>
        <Pencil aria-hidden />
        Edit search
      </Button>
    </div>
  );
}
