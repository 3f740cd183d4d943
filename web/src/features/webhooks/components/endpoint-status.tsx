import type { WebhookAnswer, WebhookStatus } from '@dispatch/domain';
import { CircleCheck, CircleX } from 'lucide-react';
import { Tag, type TagTone } from '../../../components/ui/tag';
import { useDates } from '../../../lib/organization-dates';

const statusTags: Record<WebhookStatus, { label: string; tone: TagTone }> = {
  enabled: { label: 'Enabled', tone: 'success' },
  failing: { label: 'Failing', tone: 'warning' },
  disabled: { label: 'Disabled', tone: 'muted' },
};

/** The endpoint's status, and why it was disabled when it was. */
export function EndpointStatus({ endpoint }: { endpoint: WebhookAnswer }) {
  const tag = statusTags[endpoint.status];
  return (
    <div className="flex min-w-32 flex-col items-start gap-1">
      <Tag tone={tag.tone}>{tag.label}</Tag>
      {endpoint.status === 'disabled' && endpoint.disabledReason ? (
        <span className="max-w-64 text-xs break-words text-muted-foreground">{endpoint.disabledReason}</span>
      ) : null}
    </div>
  );
}

/** When the last delivery was tried and how it went: the receiver's status code, or that none came. */
export function LastAttempt({ attempt }: { attempt: WebhookAnswer['lastAttempt'] }) {
  const { dateTime } = useDates();
  if (!attempt) return <span className="text-muted-foreground">Never</span>;
  return (
    <span className="flex items-center gap-1.5 whitespace-nowrap tabular-nums">
      {attempt.ok ? (
        <CircleCheck className="size-4 shrink-0 text-success" aria-label="Delivered" />
      ) : (
        <CircleX className="size-4 shrink-0 text-destructive" aria-label="Failed" />
      )}
      <span className="text-muted-foreground">{dateTime(attempt.at)}</span>
      <span className="font-mono text-xs">{attempt.status ?? 'no answer'}</span>
    </span>
  );
}
