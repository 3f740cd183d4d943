import {
  type DeliveryAttempt,
  type DeliveryKind,
  isPublicEventType,
  publicEventLabels,
} from '@dispatch/domain';
import { ChevronDown, ChevronRight, CircleCheck, CircleX, RotateCcw } from 'lucide-react';
import { Fragment, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { isApiError } from '../../../lib/api-client';
import { useDates } from '../../../lib/organization-dates';
import { useRedeliverWebhookEvent } from '../api/redeliver-webhook-event';

const COLUMNS = 10;

/** Why an attempt was made, beside its event type: the feed in order and tests (a type of their own) carry no label. */
const kindLabels: Partial<Record<DeliveryKind, string>> = { replay: 'Replay', redelivery: 'Redelivery' };

/** The receiver's answer, or why there was none, below its row. */
function ResponseRow({ attempt }: { attempt: DeliveryAttempt }) {
  return (
    <TableRow className="bg-muted/30 hover:bg-muted/30">
      <TableCell colSpan={COLUMNS} className="pt-0">
        {attempt.error ? <p className="text-xs text-destructive">{attempt.error}</p> : null}
        {attempt.responseExcerpt ? (
          <pre className="mt-1 max-h-60 overflow-auto rounded-md border border-border bg-card p-2.5 font-mono text-xs whitespace-pre-wrap break-all">
            {attempt.responseExcerpt}
          </pre>
        ) : attempt.error ? null : (
          <p className="text-xs text-muted-foreground">The receiver answered with an empty body.</p>
        )}
      </TableCell>
    </TableRow>
  );
}

/** One page of an endpoint's delivery attempts, each with its answer to unfold and a Redeliver. */
export function DeliveriesTable({
  endpointId,
  attempts,
  mayRedeliver,
}: {
  endpointId: string;
  attempts: DeliveryAttempt[];
  mayRedeliver: boolean;
}) {
  const { dateTime } = useDates();
  const redeliver = useRedeliverWebhookEvent();
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setUnfolded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const send = (attempt: DeliveryAttempt) =>
    redeliver.mutate(
      { id: endpointId, eventId: attempt.eventId },
      {
        onSuccess: () => toast.success(`Sequence ${attempt.sequence} is sent again`),
        onError: (error) => toast.error(isApiError(error) ? error.message : 'Could not send the event again'),
      },
    );

  return (
    <ListTable
      caption="Delivery attempts"
      columns={[
        { name: 'Time' },
        { name: 'Event type' },
        { name: 'Sequence', className: 'text-right' },
        { name: 'Attempt', className: 'text-right' },
        { name: 'Status code', className: 'text-right' },
        { name: 'Duration', className: 'text-right' },
        { name: 'OK' },
        { name: 'Response' },
        { name: 'Next attempt' },
        { name: 'Actions', srOnly: true },
      ]}
    >
      {attempts.map((attempt) => {
        const open = unfolded.has(attempt.id);
        const hasAnswer = attempt.responseExcerpt !== null || attempt.error !== null;
        return (
          <Fragment key={attempt.id}>
            <TableRow data-testid="delivery-row">
              <TableCell className="whitespace-nowrap tabular-nums">{dateTime(attempt.at)}</TableCell>
              <TableCell className="whitespace-nowrap">
                <span title={attempt.eventType}>
                  {isPublicEventType(attempt.eventType)
                    ? publicEventLabels[attempt.eventType]
                    : attempt.eventType}
                </span>
                {kindLabels[attempt.kind] ? (
                  <span className="ml-2 text-xs text-muted-foreground">{kindLabels[attempt.kind]}</span>
                ) : null}
              </TableCell>
              <TableCell className="text-right font-mono text-xs tabular-nums">{attempt.sequence}</TableCell>
              <TableCell className="text-right tabular-nums">{attempt.attempt}</TableCell>
              <TableCell className="text-right font-mono text-xs tabular-nums">
                {attempt.status ?? '—'}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {attempt.durationMs} ms
              </TableCell>
              <TableCell>
                {attempt.ok ? (
                  <CircleCheck className="size-4 text-success" aria-label="Delivered" />
                ) : (
                  <CircleX className="size-4 text-destructive" aria-label="Failed" />
                )}
              </TableCell>
              <TableCell>
                {hasAnswer ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-expanded={open}
                    onClick={() => toggle(attempt.id)}
                    className="-ml-2"
                  >
                    {open ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
                    {open ? 'Hide' : 'Show'}
                    <span className="sr-only">
                      {' '}
                      the answer to attempt {attempt.attempt} of sequence {attempt.sequence}
                    </span>
                  </Button>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground tabular-nums">
                {attempt.nextAttemptAt ? dateTime(attempt.nextAttemptAt) : '—'}
              </TableCell>
              <TableCell className="text-right">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!mayRedeliver || redeliver.isPending}
                  title={mayRedeliver ? undefined : 'Enable the endpoint first'}
                  onClick={() => send(attempt)}
                >
                  <RotateCcw aria-hidden />
                  Redeliver
                  <span className="sr-only"> sequence {attempt.sequence}</span>
                </Button>
              </TableCell>
            </TableRow>
            {open ? <ResponseRow attempt={attempt} /> : null}
          </Fragment>
        );
      })}
    </ListTable>
  );
}
