import { ChevronLeft, ChevronRight } from 'lucide-react';
import { RowsPerPageSelect } from '../../../components/board/data-grid/page-size-select';
import { Button } from '../../../components/ui/button';
import { envelopePageSizes } from '../envelopes-search';

/** Previous and next for a list whose pages count from 1, and its page size. */
export function EnvelopePagination({
  page,
  limit,
  totalCount,
  totalPages,
  shown,
  noun,
  onPage,
  onLimit,
}: {
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
  shown: number;
  noun: string;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const pages = Math.max(1, totalPages);
  const first = totalCount === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(totalCount, (page - 1) * limit + shown);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 px-1 text-sm">
      <div className="flex items-center gap-3">
        <p className="text-muted-foreground tabular-nums">
          {totalCount === 0 || shown === 0
            ? `No ${noun}`
            : `${first}–${last} of ${totalCount.toLocaleString()}`}
        </p>
        <RowsPerPageSelect sizes={envelopePageSizes} value={limit} onChange={onLimit} />
      </div>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground tabular-nums">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPage(Math.max(1, Math.min(page - 1, pages)))}
        >
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
