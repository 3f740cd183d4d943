import type { TestMessageChannel } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Activity, Gauge, Mail, MessageSquareText, Radio } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/errors/query-error';
import { BusyButton, Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { type LiveConnection, useLiveConnection } from '../../live';
import { projectionLagQueryOptions } from '../api/get-projection-lag';
import { useSendTestMessage } from '../api/send-test-message';
import { formatMs, medianRoundTrip, type RoundTrip } from '../round-trips';
import { useRoundTrip } from '../use-round-trip';

function Section({
  title,
  icon,
  description,
  children,
  className,
}: {
  title: string;
  icon: ReactNode;
  description: string;
  children: ReactNode;
  className?: string;
}) {
  const id = `system-check-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card role="region" aria-labelledby={id} className={cn('flex min-w-0 flex-col gap-4 p-5', className)}>
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4">
          {icon}
        </span>
        <div className="min-w-0">
          <h2 id={id} className="font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      {children}
    </Card>
  );
}

function Dot({ tone }: { tone: 'good' | 'busy' | 'off' }) {
  return (
    <span
      aria-hidden
      className={cn(
        'size-2.5 shrink-0 rounded-full',
        tone === 'good' && 'bg-success',
        tone === 'busy' && 'animate-pulse bg-amber-500',
        tone === 'off' && 'bg-muted-foreground/50',
      )}
    />
  );
}

const transportNames: Record<string, string> = { websocket: 'WebSocket', polling: 'HTTP long-polling' };

function connectionWords(connection: LiveConnection): { words: string; tone: 'good' | 'busy' | 'off' } {
  switch (connection.status) {
    case 'live':
      return { words: 'Connected', tone: 'good' };
    case 'connecting':
      return { words: connection.wasConnected ? 'Reconnecting…' : 'Connecting…', tone: 'busy' };
    case 'offline':
      return { words: 'Offline, trying again', tone: 'off' };
    default:
      return { words: 'Not connected', tone: 'off' };
  }
}

function LiveConnectionSection() {
  const connection = useLiveConnection();
  const { words, tone } = connectionWords(connection);
  return (
    <Section
      title="Live connection"
      icon={<Radio aria-hidden />}
      description="Boards update by themselves while this is connected."
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">Status</dt>
        <dd className="flex items-center gap-2 font-medium" data-testid="live-status">
          <Dot tone={tone} />
          {words}
        </dd>
        <dt className="text-muted-foreground">Transport</dt>
        <dd>{connection.transport ? (transportNames[connection.transport] ?? connection.transport) : '—'}</dd>
      </dl>
    </Section>
  );
}

function ProjectionLagSection() {
  const lag = useQuery(projectionLagQueryOptions());
  const data = lag.data;
  const behind = data ? data.lagEvents > 0 : false;
  return (
    <Section
      title="Projection lag"
      icon={<Gauge aria-hidden />}
      description="How far the lists are behind the latest changes. Checked every 5 seconds."
    >
      {lag.isError ? (
        <QueryError
          error={lag.error}
          title="Could not check the lag"
          onRetry={() => void lag.refetch()}
          retrying={lag.isFetching}
          className="py-2"
        />
      ) : data ? (
        <div className="flex flex-col gap-1 text-sm" data-testid="projection-lag">
          <p className="flex items-center gap-2 font-medium">
            <Dot tone={behind ? 'busy' : 'good'} />
            {behind ? 'Catching up' : 'Up to date'}
          </p>
          <p className="tabular-nums text-muted-foreground">
            {`${data.lagEvents.toLocaleString()}${data.lagEventsCapped ? '+' : ''} event${data.lagEvents === 1 ? '' : 's'} behind`}
            {behind ? ` · oldest waiting ${formatMs(data.lagMs)}` : null}
          </p>
        </div>
      ) : (
        <Spinner label="Checking the lag" />
      )}
    </Section>
  );
}

function RunFigure({ run }: { run: RoundTrip }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2 text-sm">
      <span className="tabular-nums text-muted-foreground">{run.at.toLocaleTimeString()}</span>
      {run.roundTripMs !== null ? (
        <span className="flex flex-wrap items-baseline gap-x-3">
          <span className="font-medium tabular-nums">{formatMs(run.roundTripMs)}</span>
          {run.acceptedMs !== null ? (
            <span className="text-xs tabular-nums text-muted-foreground">
              answered in {formatMs(run.acceptedMs)}
            </span>
          ) : null}
        </span>
      ) : (
        <span className="text-destructive">{run.error}</span>
      )}
    </li>
  );
}

function RoundTripSection() {
  const { runs, running, run } = useRoundTrip();
  const latest = runs[0];
  const median = medianRoundTrip(runs);
  return (
    <Section
      title="Round trip"
      icon={<Activity aria-hidden />}
      description="A test ping goes to the server, is recorded and processed like any change, and comes back to this browser as a live update. It never appears on a board."
      className="md:col-span-2"
    >
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <Button onClick={() => void run()} disabled={running}>
          {running ? <Spinner decorative /> : null}
          {running ? 'Waiting for the ping…' : 'Run round trip'}
        </Button>
        {latest ? (
          <p className="text-sm" data-testid="round-trip-latest" aria-live="polite">
            {latest.roundTripMs !== null ? (
              <>
                <span className="text-2xl font-semibold tabular-nums tracking-tight">
                  {formatMs(latest.roundTripMs)}
                </span>{' '}
                <span className="text-muted-foreground">round trip</span>
              </>
            ) : (
              <span role="alert" className="text-destructive">
                {latest.error}
              </span>
            )}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">No run yet.</p>
        )}
      </div>
      {runs.length > 0 ? (
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-muted-foreground">
            <span>Last {runs.length === 1 ? 'run' : `${runs.length} runs`}</span>
            {median !== null && runs.length > 1 ? (
              <span className="tabular-nums">median {formatMs(median)}</span>
            ) : null}
          </div>
          <ol aria-label="Recent round trips" className="divide-y divide-border">
            {runs.map((entry) => (
              <RunFigure key={entry.pingId} run={entry} />
            ))}
          </ol>
        </div>
      ) : null}
    </Section>
  );
}

function TestMessage({
  channel,
  label,
  disabledReason,
}: {
  channel: TestMessageChannel;
  label: string;
  disabledReason: ReactNode;
}) {
  const send = useSendTestMessage(channel);
  const error = send.error;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <BusyButton
        variant="outline"
        onClick={() => send.mutate()}
        disabled={send.isPending || disabledReason !== null}
        className="w-full sm:w-auto sm:self-start"
        pending={send.isPending}
      >
        {label}
      </BusyButton>
      {disabledReason !== null ? (
        <p className="text-sm text-muted-foreground">{disabledReason}</p>
      ) : error ? (
        <p role="alert" className="text-sm text-destructive">
          {isApiError(error) ? error.message : 'The test message could not be sent'}
        </p>
      ) : send.data ? (
        <p role="status" className="text-sm text-muted-foreground">
          {`Sent to ${send.data.sentTo}. ${send.data.remaining} more in the next 10 minutes.`}
        </p>
      ) : null}
    </div>
  );
}

function TestMessagesSection() {
  const { data: session } = useSession();
  const hasPhone = Boolean(session?.user.phoneNumber);
  return (
    <Section
      title="Test messages"
      icon={<Mail aria-hidden />}
      description="Check that invitations and signing links reach you: a test message to your own e-mail address or phone. Up to 3 of each every 10 minutes."
      className="md:col-span-2"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TestMessage channel="email" label="Send me a test e-mail" disabledReason={null} />
        <TestMessage
          channel="sms"
          label="Send me a test text"
          disabledReason={
            hasPhone ? null : (
              <>
                <MessageSquareText className="mr-1 inline size-4 align-text-bottom" aria-hidden />
                Your account has no phone number.{' '}
                <Link to="/account" className="text-primary underline underline-offset-4">
                  Add one
                </Link>{' '}
                to receive a test text.
              </>
            )
          }
        />
      </div>
    </Section>
  );
}

/** `/{orgSlug}/testing`: is this browser connected, how fast does a change come back, does mail reach me. */
export function SystemCheckPage() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">System check</h1>
        <p className="text-sm text-muted-foreground">
          Is this browser connected, how fast do changes come back, and do messages reach you.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <LiveConnectionSection />
        <ProjectionLagSection />
        <RoundTripSection />
        <TestMessagesSection />
      </div>
    </div>
  );
}
