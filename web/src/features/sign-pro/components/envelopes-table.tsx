import { type EnvelopeAnswer, formatDateTime, isOpenEnvelopeStatus, templateLabels } from '@dispatch/domain';
import { Mail, MessageSquare } from 'lucide-react';
import { useMemo } from 'react';
import { RelativeTime } from '../../../components/board/board-cells';
import { DataGrid, type GridColumn } from '../../../components/board/data-grid/data-grid';
import { browserTimeZone, useDates } from '../../../lib/organization-dates';
import { receiverContact } from '../format';
import { waitingTime, waitingTimeInWords } from '../waiting-time';
import { EnvelopeActions } from './envelope-actions';
import { EnvelopeStatusChip } from './envelope-status-chip';

/** The reason an envelope was closed, for the status chip's tooltip. */
export function statusDetail(
  envelope: EnvelopeAnswer,
  timeZone: string = browserTimeZone(),
): string | undefined {
  if (envelope.envelopeStatus === 'voided')
    return envelope.voidReason ? `Voided: ${envelope.voidReason}` : undefined;
  if (envelope.envelopeStatus === 'rejected')
    return envelope.rejectReason ? `Declined: ${envelope.rejectReason}` : undefined;
  if (envelope.envelopeStatus === 'cancelled')
    return envelope.cancelReason === 'expired'
      ? 'The signing link expired'
      : 'The message could not be delivered';
  if (envelope.envelopeStatus === 'completed' && envelope.signedOn)
    return `Signed by ${envelope.signerName ?? envelope.receiverName} on ${formatDateTime(envelope.signedOn, timeZone)}`;
  return undefined;
}

function Contact({ envelope }: { envelope: EnvelopeAnswer }) {
  const Icon = envelope.deliveryMethod === 'SMS' ? MessageSquare : Mail;
  return (
    <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
      <Icon className="size-3.5 shrink-0" aria-label={envelope.deliveryMethod === 'SMS' ? 'SMS' : 'E-mail'} />
      <span className="truncate" title={receiverContact(envelope)}>
        {receiverContact(envelope)}
      </span>
    </span>
  );
}

function Waiting({ envelope, now }: { envelope: EnvelopeAnswer; now: Date }) {
  if (!isOpenEnvelopeStatus(envelope.envelopeStatus)) return <span className="text-muted-foreground">—</span>;
  return (
    <span title={`Waiting ${waitingTimeInWords(envelope.lastSentAt, now)} since it was last sent`}>
      {waitingTime(envelope.lastSentAt, now)}
    </span>
  );
}

export interface EnvelopeRowsProps {
  envelopes: EnvelopeAnswer[];
  now: Date;
  onVoid: (envelope: EnvelopeAnswer) => void;
  onHistory: (envelope: EnvelopeAnswer) => void;
}

function EnvelopeCard({
  envelope,
  now,
  onVoid,
  onHistory,
}: EnvelopeRowsProps & { envelope: EnvelopeAnswer }) {
  const { timeZone } = useDates();
  const open = isOpenEnvelopeStatus(envelope.envelopeStatus);
  return (
    <div className="flex flex-col gap-2 px-4 py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="truncate font-medium">{envelope.receiverName}</span>
          <Contact envelope={envelope} />
        </div>
        <EnvelopeStatusChip status={envelope.envelopeStatus} title={statusDetail(envelope, timeZone)} />
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-muted-foreground">Document</dt>
        <dd className="min-w-0 truncate">{templateLabels[envelope.templateId]}</dd>
        <dt className="text-muted-foreground">Sent</dt>
        <dd>
          <RelativeTime at={envelope.createdAt} now={now} /> by {envelope.senderName}
        </dd>
        <dt className="text-muted-foreground">Updated</dt>
        <dd>
          <RelativeTime at={envelope.updatedAt} now={now} />
        </dd>
        {open ? (
          <>
            <dt className="text-muted-foreground">Waiting</dt>
            <dd className="tabular-nums">
              <Waiting envelope={envelope} now={now} />
            </dd>
          </>
        ) : null}
      </dl>
      <EnvelopeActions envelope={envelope} onVoid={onVoid} onHistory={onHistory} className="-mr-2" />
    </div>
  );
}

/**
 * The envelopes of a drivers or clients table: the shared grid from 640 px up (one line an envelope,
 * scrolling inside its own frame, the actions kept in view; a click on a row opens its history), a
 * list of cards on phones.
 */
export function EnvelopesTable({ caption, ...props }: EnvelopeRowsProps & { caption: string }) {
  const { now, onVoid, onHistory } = props;
  const { timeZone } = useDates();
  const columns = useMemo<GridColumn<EnvelopeAnswer>[]>(
    () => [
      {
        id: 'receiver',
        label: 'Receiver',
        hideable: false,
        width: 'w-56',
        title: (envelope) => `${envelope.receiverName} · ${receiverContact(envelope)}`,
        cell: (envelope) => (
          <span className="inline-flex max-w-full items-center gap-2 align-middle">
            <span className="max-w-[60%] shrink-0 truncate font-medium">{envelope.receiverName}</span>
            <Contact envelope={envelope} />
          </span>
        ),
      },
      {
        id: 'status',
        label: 'Status',
        width: 'w-28',
        title: (envelope) => statusDetail(envelope, timeZone),
        cell: (envelope) => (
          <EnvelopeStatusChip status={envelope.envelopeStatus} title={statusDetail(envelope, timeZone)} />
        ),
      },
      {
        id: 'document',
        label: 'Document',
        width: 'w-40',
        title: (envelope) => templateLabels[envelope.templateId],
        cell: (envelope) => templateLabels[envelope.templateId],
      },
      {
        id: 'sender',
        label: 'Sent by',
        // The Columns menu shows it: the list fits a 1366-pixel screen without it.
        hiddenByDefault: true,
        width: 'w-32',
        title: (envelope) => envelope.senderName,
        cell: (envelope) => envelope.senderName,
      },
      {
        id: 'sent',
        label: 'Sent',
        width: 'w-28',
        cell: (envelope) => <RelativeTime at={envelope.createdAt} now={now} />,
      },
      {
        id: 'updated',
        label: 'Updated',
        width: 'w-28 text-muted-foreground',
        cell: (envelope) => <RelativeTime at={envelope.updatedAt} now={now} />,
      },
      {
        id: 'waiting',
        label: 'Waiting',
        width: 'w-20 tabular-nums',
        cell: (envelope) => <Waiting envelope={envelope} now={now} />,
      },
    ],
    [now, timeZone],
  );
  return (
    <DataGrid<EnvelopeAnswer>
      gridId="envelopes"
      caption={caption}
      columns={columns}
      rows={props.envelopes}
      rowKey={(envelope) => envelope.envelopeId}
      rowAttributes={(envelope) => ({ 'data-envelope-id': envelope.envelopeId })}
      highlight={{ kind: 'envelopes', id: (envelope) => envelope.id }}
      keyboard
      className="max-h-[calc(100dvh-16rem)]"
      onOpen={onHistory}
      actions={{
        label: 'Actions',
        cell: (envelope) => <EnvelopeActions envelope={envelope} onVoid={onVoid} onHistory={onHistory} />,
      }}
      card={(envelope) => <EnvelopeCard envelope={envelope} {...props} />}
    />
  );
}
