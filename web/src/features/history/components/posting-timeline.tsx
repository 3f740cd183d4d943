import { useQuery } from '@tanstack/react-query';
import { History, PencilLine, Plus, Trash2 } from 'lucide-react';
import { QueryError } from '../../../components/errors/query-error';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { relativeTime } from '../../../lib/dates';
import { useDates } from '../../../lib/organization-dates';
import { useNow } from '../../../lib/use-now';
import { type HistoryEntry, type PostingKind, postingHistoryQueryOptions } from '../api/get-posting-history';
import { actionOf, fieldLabel, valueText } from '../change-wording';

const nouns: Record<PostingKind, string> = { trucks: 'truck', loads: 'load' };

function EntryIcon({ type }: { type: string }) {
  const action = actionOf(type);
  const Icon = action === 'posted' ? Plus : action === 'removed' ? Trash2 : PencilLine;
  return (
    <span className="flex size-7 shrink-0 items-center justify-center rounded-full border border-border bg-card">
      <Icon className="size-3.5 text-muted-foreground" aria-hidden />
    </span>
  );
}

function Entry({ entry, noun, now }: { entry: HistoryEntry; noun: string; now: Date }) {
  const who = entry.actor.name ?? 'A former member';
  const when = new Date(entry.occurredAt);
  const dates = useDates();
  return (
    <li className="flex gap-3">
      <EntryIcon type={entry.type} />
      <div className="min-w-0 flex-1 pb-5">
        <p className="text-sm">
          <span className="font-medium">{who}</span> {actionOf(entry.type)} this {noun}{' '}
          <time dateTime={entry.occurredAt} title={dates.dateTime(when)} className="text-muted-foreground">
            {relativeTime(when, now)}
          </time>
        </p>
        {entry.changes.length ? (
          <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
            {entry.changes.map((change) => (
              <div key={change.field} className="contents">
                <dt className="text-muted-foreground">{fieldLabel(change.field)}</dt>
                <dd className="min-w-0 break-words">
                  {actionOf(entry.type) === 'posted' ? (
                    valueText(change.field, change.to)
                  ) : (
                    <>
                      <span className="text-muted-foreground line-through decoration-muted-foreground/50">
                        {valueText(change.field, change.from)}
                      </span>{' '}
                      <span aria-hidden>→</span>
                      <span className="sr-only">changed to</span> {valueText(change.field, change.to)}
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Who changed what on a truck or a load, newest first, from the posting's own event stream.
 * Live: a change notice for this posting refetches it (see app/live-handlers.ts).
 */
export function PostingTimeline({
  kind,
  organizationId,
  id,
}: {
  kind: PostingKind;
  organizationId: string;
  id: number;
}) {
  const { data, isPending, isError, error, isFetching, refetch } = useQuery(
    postingHistoryQueryOptions(kind, organizationId, id),
  );
  const now = useNow();
  const noun = nouns[kind];
  return (
    <Card className="px-6 py-5">
      <section aria-label="History">
        <h2 className="mb-4 flex items-center gap-2 text-base font-semibold tracking-tight">
          <History className="size-4 text-muted-foreground" aria-hidden />
          History
          {isFetching && !isPending ? <Spinner label="Refreshing history" /> : null}
        </h2>
        {isPending ? (
          <p className="text-sm text-muted-foreground">Loading the history…</p>
        ) : isError ? (
          <QueryError
            error={error}
            title={`The history of this ${noun} could not be loaded`}
            onRetry={() => void refetch()}
            retrying={isFetching}
            className="py-4"
          />
        ) : (
          <ol>
            {[...data].reverse().map((entry) => (
              <Entry key={entry.revision} entry={entry} noun={noun} now={now} />
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}
