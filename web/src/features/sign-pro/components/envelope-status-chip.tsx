import { type EnvelopeStatus, envelopeStatusLabels } from '@dispatch/domain';
import { cn } from '../../../lib/cn';

/** The colour of each status: waiting (blue), opened (amber), signed (green), refused (red), closed (grey). */
export const statusTones: Record<EnvelopeStatus, string> = {
  sent: 'border-primary/25 bg-primary/10 text-primary',
  resent: 'border-primary/25 bg-primary/10 text-primary',
  delivered: 'border-amber-500/30 bg-amber-500/15 text-amber-800 dark:text-amber-300',
  completed: 'border-success/30 bg-success/15 text-success',
  rejected: 'border-destructive/30 bg-destructive/10 text-destructive',
  voided: 'border-border bg-muted text-muted-foreground',
  cancelled: 'border-border bg-muted text-muted-foreground',
};

export const statusDots: Record<EnvelopeStatus, string> = {
  sent: 'bg-primary',
  resent: 'bg-primary',
  delivered: 'bg-amber-500',
  completed: 'bg-success',
  rejected: 'bg-destructive',
  voided: 'bg-muted-foreground/60',
  cancelled: 'bg-muted-foreground/60',
};

/** An envelope's status as a small pill with the domain's label. */
export function EnvelopeStatusChip({
  status,
  title,
  className,
}: {
  status: EnvelopeStatus;
  /** More about it on hover, e.g. the void reason. */
  title?: string;
  className?: string;
}) {
  return (
    <span
      data-status={status}
      title={title}
      className={cn(
        'inline-flex h-6 items-center gap-1.5 whitespace-nowrap rounded-full border px-2 text-xs font-medium',
        statusTones[status],
        className,
      )}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', statusDots[status])} />
      {envelopeStatusLabels[status]}
    </span>
  );
}
