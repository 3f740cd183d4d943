import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonClassName } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { BoardPath } from './board-kind';
import { PageSizeSelect } from './data-grid/page-size-select';
import type { GridId } from './data-grid/use-grid-preferences';

/** The grid whose preferences a board's page size is saved with. */
export const gridOfBoard: Record<BoardPath, GridId> = {
  '/$orgSlug/trucks/': 'trucks',
  '/$orgSlug/loads/': 'loads',
};

export interface BoardPaginationProps {
  page: { totalCount: number; totalPages: number; data: readonly unknown[] };
  search: { page: number; limit: number };
  /** The list the links page through. */
  from: BoardPath;
  /** Shown instead of the range when the list is empty, e.g. "No trucks". */
  emptyText: string;
}

/** Pages count from 0 in the URL and the API; people read them from 1. */
export function BoardPagination({ page, search, from, emptyText }: BoardPaginationProps) {
  const first = page.totalCount === 0 ? 0 : search.page * search.limit + 1;
  const last = Math.min(page.totalCount, search.page * search.limit + page.data.length);
  const totalPages = Math.max(1, page.totalPages);
  const hasPrevious = search.page > 0;
  const hasNext = search.page + 1 < page.totalPages;
  const disabled = 'pointer-events-none opacity-50';
  const navigate = useNavigate({ from });

  return (
    <nav
      aria-label="Pagination"
      className="flex shrink-0 flex-wrap items-center justify-between gap-x-3 gap-y-2 px-1 text-sm"
    >
      <div className="flex items-center gap-3">
        <p className="text-muted-foreground tabular-nums">
          {page.totalCount === 0 ? emptyText : `${first}–${last} of ${page.totalCount.toLocaleString()}`}
        </p>
        <PageSizeSelect
          gridId={gridOfBoard[from]}
          value={search.limit}
          onChange={(limit) => void navigate({ search: (current) => ({ ...current, limit, page: 0 }) })}
        />
      </div>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground tabular-nums">
          Page {Math.min(search.page + 1, totalPages)} of {totalPages}
        </span>
        <Link
          from={from}
          to="."
          search={(current) => ({ ...current, page: Math.max(0, Math.min(search.page - 1, totalPages - 1)) })}
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
