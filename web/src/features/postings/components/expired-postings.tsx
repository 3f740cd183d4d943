import { loadAnswerSchema, pagedAnswer, truckAnswerSchema } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { ArchiveRestore, History } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog';
import { request } from '../../../lib/api-client';
import { formatCalendarDay } from '../../../lib/dates';
import { useDates } from '../../../lib/organization-dates';
import { expiredKey, type PostingKindPath, useRefreshPosting } from '../api/refresh-posting';

const PAGE_SIZE = 50;

const answers = {
  trucks: pagedAnswer(truckAnswerSchema),
  loads: pagedAnswer(loadAnswerSchema),
};

type ExpiredRow = {
  id: number;
  availabilityDate: string;
  updatedAt: string;
  truckName?: string;
  originCity?: string;
  originState?: string;
  destinationCity?: string;
  destinationState?: string;
};

const nameOf = (row: ExpiredRow) =>
  row.truckName ?? `${row.originCity}, ${row.originState} → ${row.destinationCity}, ${row.destinationState}`;

/**
 * The board's expired postings (docs/rules.md#posting-age-and-expiry): off the live board, kept for
 * their owners, the latest expired first, each re-posted with one click.
 */
export function ExpiredPostings({ kind, organizationId }: { kind: PostingKindPath; organizationId: string }) {
  const [open, setOpen] = useState(false);
  const dates = useDates();
  const expired = useQuery({
    queryKey: expiredKey(kind, organizationId, 0),
    queryFn: ({ signal }) =>
      request(`/api/v1/${kind}/expired`, { search: { limit: PAGE_SIZE }, signal, answer: answers[kind] }),
    enabled: open,
  });
  const repost = useRefreshPosting();
  const rows = (expired.data?.data ?? []) as ExpiredRow[];
  const noun = kind === 'trucks' ? 'trucks' : 'loads';
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Expired ${noun}`}>
          <History aria-hidden />
          Expired
        </Button>
      }
      title={`Expired ${noun}`}
      description={`Off the live board: past the day after their date, or too long since their last refresh. Re-post one to put it back.`}
      className="sm:max-w-2xl"
    >
      {expired.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No expired {noun}.</p>
      ) : (
        <ul
          className="max-h-[60dvh] divide-y overflow-y-auto rounded-md border"
          aria-label={`Expired ${noun}`}
        >
          {rows.map((row) => (
            <li
              key={row.id}
              data-expired-id={row.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
            >
              <span className="min-w-0 flex-1 truncate font-medium">{nameOf(row)}</span>
              <span className="text-muted-foreground tabular-nums">
                {formatCalendarDay(row.availabilityDate)} · expired {dates.dateTime(row.updatedAt)}
              </span>
              <Button
                size="sm"
                variant="outline"
                disabled={repost.isPending}
                onClick={() =>
                  repost.mutate(
                    { kind, id: row.id },
                    {
                      onSuccess: () => toast.success(`${nameOf(row)} is back on the board`),
                      onError: (error) =>
                        toast.error(error instanceof Error ? error.message : 'Could not re-post it'),
                    },
                  )
                }
              >
                <ArchiveRestore aria-hidden />
                Re-post
              </Button>
            </li>
          ))}
        </ul>
      )}
      {expired.data && expired.data.totalCount > rows.length ? (
        <p className="text-xs text-muted-foreground">
          The {rows.length} latest of {expired.data.totalCount}.
        </p>
      ) : null}
    </DialogFrame>
  );
}
