import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Previous and next for a list whose pages count from 1. */
export function PageButtons({
  label,
  page,
  limit,
  total,
  shown,
  onPage,
}: {
  label: string;
  page: number;
  limit: number;
  total: number;
  shown: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 px-1 text-sm">
      <p className="text-muted-foreground tabular-nums">
        {total === 0 ? 'Nothing to show' : `${first}–${first + shown - 1} of ${total.toLocaleString()}`}
      </p>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground tabular-nums">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
