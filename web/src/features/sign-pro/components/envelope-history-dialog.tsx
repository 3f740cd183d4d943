import { type EnvelopeAnswer, type HistoryEntry, templateLabels } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { Ban, CircleCheck, Eye, History, Link2, Send, Sparkles } from 'lucide-react';
import { QueryError } from '../../../components/errors/query-error';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { relativeTime } from '../../../lib/dates';
import { useDates } from '../../../lib/organization-dates';
import { useNow } from '../../../lib/use-now';
import { envelopeHistoryQueryOptions } from '../api/get-envelope-history';
import {
  actorOf,
  envelopeActionOf,
  envelopeEventTone,
  envelopeFieldLabel,
  envelopeValueText,
  isShownField,
} from '../history-wording';

const tones = {
  sent: { icon: Send, className: 'text-primary' },
  link: { icon: Link2, className: 'text-primary' },
  opened: { icon: Eye, className: 'text-amber-600 dark:text-amber-300' },
  signed: { icon: CircleCheck, className: 'text-success' },
  closed: { icon: Ban, className: 'text-destructive' },
  other: { icon: Sparkles, className: 'text-muted-foreground' },
} as const;

function Entry({ entry, receiverName, now }: { entry: HistoryEntry; receiverName: string; now: Date }) {
  const tone = tones[envelopeEventTone(entry.type)];
  const dates = useDates();
  const Icon = tone.icon;
  const changes = entry.changes.filter((change) => isShownField(change.field) && change.to !== null);
  // What the sender typed at sending is in the table already; the later events' details are news.
  const details = entry.type === 'EnvelopeSent' ? [] : changes;
  return (
    <li className="flex gap-3" data-event={entry.type}>
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full border border-border bg-card">
        <Icon className={cn('size-3.5', tone.className)} aria-hidden />
      </span>
      <div className="min-w-0 flex-1 pb-4">
        <p className="text-sm">
          <span className="font-medium">{actorOf(entry, receiverName)}</span> {envelopeActionOf(entry.type)}{' '}
          <time
            dateTime={entry.occurredAt}
            title={dates.dateTime(entry.occurredAt)}
            className="text-muted-foreground"
          >
            {relativeTime(entry.occurredAt, now)}
          </time>
        </p>
        {details.length ? (
          <dl className="mt-1.5 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
            {details.map((change) => (
              <div key={change.field} className="contents">
                <dt className="text-muted-foreground">{envelopeFieldLabel(change.field)}</dt>
                <dd className="min-w-0 break-words">
                  {envelopeValueText(change.field, change.to, entry.type, dates.timeZone)}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </li>
  );
}

function HistoryList({ organizationId, envelope }: { organizationId: string; envelope: EnvelopeAnswer }) {
  const { data, isPending, isError, error, isFetching, refetch } = useQuery(
    envelopeHistoryQueryOptions(organizationId, envelope.envelopeId),
  );
  const now = useNow();
  if (isPending) return <Spinner label="Loading the history" />;
  if (isError)
    return (
      <QueryError
        error={error}
        title="The history of this envelope could not be loaded"
        onRetry={() => void refetch()}
        retrying={isFetching}
        className="py-4"
      />
    );
  if (!data.length) return <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>;
  return (
    <ol aria-label="History" className="max-h-[60vh] overflow-y-auto pr-1">
      {[...data].reverse().map((entry) => (
        <Entry key={entry.revision} entry={entry} receiverName={envelope.receiverName} now={now} />
      ))}
    </ol>
  );
}

/** Who did what to an envelope, newest first; live change notices refresh it while it is open. */
export function EnvelopeHistoryDialog({
  organizationId,
  envelope,
  onClose,
}: {
  organizationId: string;
  envelope: EnvelopeAnswer | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={envelope !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <History className="size-4 text-muted-foreground" aria-hidden />
            History
          </DialogTitle>
          <DialogDescription>
            {envelope
              ? `The ${templateLabels[envelope.templateId].toLowerCase()} sent to ${envelope.receiverName}.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {envelope ? <HistoryList organizationId={organizationId} envelope={envelope} /> : null}
      </DialogContent>
    </Dialog>
  );
}
