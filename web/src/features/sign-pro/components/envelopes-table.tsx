import { type EnvelopeAnswer, isOpenEnvelopeStatus, templateLabels } from '@dispatch/domain';
import { Mail, MessageSquare } from 'lucide-react';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { relativeTime } from '../../../lib/dates';
import { RelativeTime } from '../../board/board-cells';
import { useHighlight } from '../../live/highlights';
import { receiverContact } from '../format';
import { waitingTime, waitingTimeInWords } from '../waiting-time';
import { EnvelopeActions } from './envelope-actions';
import { EnvelopeStatusChip } from './envelope-status-chip';

/** A moment inside a sentence: "Sent just now", "Updated 5 minutes ago"; the full date on hover. */
function Moment({ at, now }: { at: string; now: Date }) {
  const words = relativeTime(at, now);
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()}>
      {words === 'Just now' ? 'just now' : words}
    </time>
  );
}

/** The reason an envelope was closed, for the status chip's tooltip. */
export function statusDetail(envelope: EnvelopeAnswer): string | undefined {
  if (envelope.envelopeStatus === 'voided')
    return envelope.voidReason ? `Voided: ${envelope.voidReason}` : undefined;
  if (envelope.envelopeStatus === 'rejected')
    return envelope.rejectReason ? `Declined: ${envelope.rejectReason}` : undefined;
  if (envelope.envelopeStatus === 'cancelled')
    return envelope.cancelReason === 'expired'
      ? 'The signing link expired'
      : 'The message could not be delivered';
  if (envelope.envelopeStatus === 'completed' && envelope.signedOn)
    return `Signed by ${envelope.signerName ?? envelope.receiverName} on ${new Date(envelope.signedOn).toLocaleString()}`;
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

function EnvelopeRow({ envelope, now, onVoid, onHistory }: EnvelopeRowsProps & { envelope: EnvelopeAnswer }) {
  const highlight = useHighlight('envelopes', envelope.id);
  return (
    <TableRow
      data-envelope-id={envelope.envelopeId}
      data-highlighted={highlight ? 'true' : undefined}
      data-highlight-generation={highlight}
    >
      <TableCell className="max-w-56">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="truncate font-medium" title={envelope.receiverName}>
            {envelope.receiverName}
          </span>
          <Contact envelope={envelope} />
        </div>
      </TableCell>
      <TableCell>
        <EnvelopeStatusChip status={envelope.envelopeStatus} title={statusDetail(envelope)} />
      </TableCell>
      <TableCell className="min-w-[9.5rem] text-xs">{templateLabels[envelope.templateId]}</TableCell>
      <TableCell className="max-w-36 truncate text-xs" title={envelope.senderName}>
        {envelope.senderName}
      </TableCell>
      <TableCell className="whitespace-nowrap text-xs">
        <div className="flex flex-col gap-0.5">
          <span>
            Sent <Moment at={envelope.createdAt} now={now} />
          </span>
          <span className="text-muted-foreground">
            Updated <Moment at={envelope.updatedAt} now={now} />
          </span>
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap text-xs tabular-nums">
        <Waiting envelope={envelope} now={now} />
      </TableCell>
      <TableCell className="py-1.5">
        <EnvelopeActions envelope={envelope} onVoid={onVoid} onHistory={onHistory} />
      </TableCell>
    </TableRow>
  );
}

function EnvelopeCard({
  envelope,
  now,
  onVoid,
  onHistory,
}: EnvelopeRowsProps & { envelope: EnvelopeAnswer }) {
  const highlight = useHighlight('envelopes', envelope.id);
  const open = isOpenEnvelopeStatus(envelope.envelopeStatus);
  return (
    <li
      data-envelope-id={envelope.envelopeId}
      data-highlighted={highlight ? 'true' : undefined}
      data-highlight-generation={highlight}
      className="flex flex-col gap-2 px-4 py-3"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="truncate font-medium">{envelope.receiverName}</span>
          <Contact envelope={envelope} />
        </div>
        <EnvelopeStatusChip status={envelope.envelopeStatus} title={statusDetail(envelope)} />
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
    </li>
  );
}

/**
 * The envelopes of a drivers or clients table: a dense table from md up (it scrolls inside its own
 * frame if it must), a list of cards on phones. Only one of the two is displayed.
 */
export function EnvelopesTable({ caption, ...props }: EnvelopeRowsProps & { caption: string }) {
  return (
    <>
      <div className="hidden md:block">
        <Table className="min-w-[52rem]">
          <TableCaption>{caption}</TableCaption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Receiver</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Document</TableHead>
              <TableHead>Sent by</TableHead>
              <TableHead>Sent / updated</TableHead>
              <TableHead>Waiting</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {props.envelopes.map((envelope) => (
              <EnvelopeRow key={envelope.envelopeId} envelope={envelope} {...props} />
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-label={caption} className="divide-y divide-border md:hidden">
        {props.envelopes.map((envelope) => (
          <EnvelopeCard key={envelope.envelopeId} envelope={envelope} {...props} />
        ))}
      </ul>
    </>
  );
}
