import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import type { BoardPath } from './board-kind';
import { noSuchPage } from './board-paging';

export interface BoardEmptyStateProps {
  /** The posting kind's icon. */
  icon: ReactNode;
  /** "trucks" or "loads", as the texts name them. */
  nouns: string;
  /** Invites the first posting, e.g. "Post a truck and everyone in … sees it here at once." */
  invitation: string;
  filtered: boolean;
  totalCount: number;
  /** How many pages the list has; false `exact` when a text search counted up to its cap. */
  totalPages: number;
  exact: boolean;
  page: number;
  from: BoardPath;
  onClearFilters: () => void;
}

/**
 * What a list shows without rows: filters that match nothing, a page past the end (with a link to the
 * last page), or nothing posted.
 */
export function BoardEmptyState({
  icon,
  nouns,
  invitation,
  filtered,
  totalCount,
  totalPages,
  exact,
  page,
  from,
  onClearFilters,
}: BoardEmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-muted">{icon}</span>
      {filtered && totalCount === 0 ? (
        <>
          <p className="font-medium">{`No ${nouns} match these filters`}</p>
          <Button variant="outline" size="sm" onClick={onClearFilters}>
            Clear filters
          </Button>
        </>
      ) : exact && totalCount > 0 && page >= totalPages ? (
        <>
          {/* Pages count from 0 in the address; people read them from 1. */}
          <p className="font-medium">{noSuchPage(page + 1, totalPages)}</p>
          <Button asChild variant="outline" size="sm">
            <Link from={from} to="." search={(current) => ({ ...current, page: totalPages - 1 })}>
              {`Go to page ${totalPages.toLocaleString('en-US')}`}
            </Link>
          </Button>
        </>
      ) : page > 0 && totalCount > 0 ? (
        <>
          <p className="font-medium">This page is empty</p>
          <Button asChild variant="outline" size="sm">
            <Link from={from} to="." search={(current) => ({ ...current, page: 0 })}>
              Back to the first page
            </Link>
          </Button>
        </>
      ) : (
        <>
          <p className="font-medium">{`No ${nouns} posted yet`}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{invitation}</p>
        </>
      )}
    </div>
  );
}
