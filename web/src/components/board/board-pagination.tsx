import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { buttonClassName } from '../ui/button';
import type { BoardPath } from './board-kind';
import { boardPaging } from './board-paging';
import { PageSizeSelect } from './data-grid/page-size-select';
import type { GridId } from './data-grid/use-grid-preferences';

/** The grid whose preferences a board's page size is saved with. */
export const gridOfBoard: Record<BoardPath, GridId> = {
  '/$orgSlug/trucks/': 'trucks',
  '/$orgSlug/loads/': 'loads',
};

export interface BoardPaginationProps {
  /** `totalCountExact` false: a text search matched more than the `totalCount` postings counted. */
  page: { totalCount: number; totalCountExact?: boolean; totalPages: number; data: readonly unknown[] };
  search: { page: number; limit: number };
  /** The list the links page through. */
  from: BoardPath;
  /** Shown instead of the range when the list is empty, e.g. "No trucks". */
  emptyText: string;
}

/** The board's range, page and Previous / Next links (see `boardPaging`). */
export function BoardPagination({ page, search, from, emptyText }: BoardPaginationProps) {
  const { range, pageLabel, hasPrevious, hasNext, previousPage, exact } = boardPaging(
    { ...page, shown: page.data.length },
    search,
  );
  const disabled = 'pointer-events-none opacity-50';
  const navigate = useNavigate({ from });

  return (
    <nav
      aria-label="Pagination"
      className="flex shrink-0 flex-wrap items-center justify-between gap-x-3 gap-y-2 px-1 text-sm"
    >
      <div className="flex items-center gap-3">
        <p
          className="text-muted-foreground tabular-nums"
          title={
            exact
              ? undefined
              : `Counted up to ${page.totalCount.toLocaleString('en-US')}: narrow the search for an exact number`
          }
        >
          {range ?? emptyText}
        </p>
        <PageSizeSelect
          gridId={gridOfBoard[from]}
          value={search.limit}
          onChange={(limit) => void navigate({ search: (current) => ({ ...current, limit, page: 0 }) })}
        />
      </div>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground tabular-nums">{pageLabel}</span>
        <Link
          from={from}
          to="."
          search={(current) => ({ ...current, page: previousPage })}
          aria-disabled={!hasPrevious}
          tabIndex={hasPrevious ? undefined : -1}
          className={cn(buttonClassName('outline', 'sm'), 'h-8', !hasPrevious && disabled)}
        >
          <ChevronLeft aria-hidden />
          Previous
        </Link>
        <Link
          from={from}
          to="."
          search={(current) => ({ ...current, page: search.page + 1 })}
          aria-disabled={!hasNext}
          tabIndex={hasNext ? undefined : -1}
          className={cn(buttonClassName('outline', 'sm'), !hasNext && disabled)}
        >
          Next
          <ChevronRight aria-hidden />
        </Link>
      </div>
    </nav>
  );
}
