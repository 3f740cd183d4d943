import { readModelRebuildStateLabels, type SystemStatusAnswer } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { HeartPulse } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { QueryError } from '../../../components/errors/query-error';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { relativeTime } from '../../../lib/dates';
import { SYSTEM_STATUS_REFRESH_MS, systemStatusQueryOptions } from '../api/get-system-status';
import { formatDuration } from './read-models-card';

/** Samples kept for the sparklines: a minute at one every 3 s. */
const SAMPLES = 20;

interface Sample {
  checkedAt: string;
  eventsPerSecond: number;
  lagEvents: number;
}

/** The samples with this status added once (a refetch that answered the same check adds nothing). */
export function withSample(samples: readonly Sample[], status: SystemStatusAnswer): Sample[] {
  if (samples.at(-1)?.checkedAt === status.checkedAt) return [...samples];
  const sample = {
    checkedAt: status.checkedAt,
    eventsPerSecond: status.projector.eventsPerSecond,
    lagEvents: status.projector.lagEvents,
  };
  return [...samples, sample].slice(-SAMPLES);
}

/** "0 ms", "850 ms", "12 s", "3 min 20 s". */
export function formatLag(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : formatDuration(ms / 1000);
}

const position = (value: string) => BigInt(value).toLocaleString();

function Sparkline({ values, label }: { values: number[]; label: string }) {
  if (values.length < 2) return <div className="h-8" />;
  const max = Math.max(1, ...values);
  // The newest sample on the right edge; the line grows leftwards as samples come in.
  const offset = SAMPLES - values.length;
  const points = values
    .map((value, index) => `${((offset + index) / (SAMPLES - 1)) * 100},${30 - (value / max) * 28}`)
    .join(' ');
  return (
    <svg
      viewBox="0 0 100 32"
      preserveAspectRatio="none"
      className="h-8 w-full text-primary"
      role="img"
      aria-label={label}
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

function Figure({
  label,
  value,
  unit,
  detail,
  testId,
  children,
  tone,
}: {
  label: string;
  value: string;
  unit?: string;
  detail: ReactNode;
  testId: string;
  children?: ReactNode;
  tone?: 'good' | 'busy';
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border border-border p-3" data-testid={testId}>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        {tone ? (
          <span
            aria-hidden
            className={cn(
              'size-2 rounded-full',
              tone === 'good' ? 'bg-success' : 'animate-pulse bg-amber-500',
            )}
          />
        ) : null}
        {label}
      </p>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-xl font-semibold tabular-nums tracking-tight">{value}</span>
        {unit ? <span className="text-sm text-muted-foreground">{unit}</span> : null}
      </p>
      <p className="text-xs text-muted-foreground">{detail}</p>
      {children}
    </div>
  );
}

/** The platform's health, live: projection lag and throughput, the log's head, live connections, read models. */
export function SystemStatusCard() {
  const status = useQuery(systemStatusQueryOptions());
  const data = status.data;
  const [samples, setSamples] = useState<Sample[]>([]);
  useEffect(() => {
    if (data) setSamples((current) => withSample(current, data));
  }, [data]);

  const behind = data ? data.projector.lagEvents > 0 : false;
  return (
    <Card className="flex flex-col gap-4 p-5" role="region" aria-labelledby="system-status-title">
      <div className="flex items-center gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <HeartPulse className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 id="system-status-title" className="font-semibold">
            System health
          </h2>
          <p className="text-sm text-muted-foreground">
            {`Projection lag and throughput, every ${SYSTEM_STATUS_REFRESH_MS / 1000} seconds.`}
            {data ? ` Checked ${new Date(data.checkedAt).toLocaleTimeString()}.` : null}
          </p>
        </div>
      </div>

      {status.isError ? (
        <QueryError
          error={status.error}
          title="Could not load the system's health"
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
          className="py-4"
        />
      ) : null}
      {data ? (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure
              label="Projection lag"
              testId="status-lag"
              tone={behind ? 'busy' : 'good'}
              value={`${data.projector.lagEvents.toLocaleString()}${data.projector.lagEventsCapped ? '+' : ''}`}
              unit={data.projector.lagEvents === 1 ? 'event' : 'events'}
              detail={behind ? `oldest waiting ${formatLag(data.projector.lagMs)}` : 'read models up to date'}
            >
              <Sparkline
                values={samples.map((sample) => sample.lagEvents)}
                label="Projection lag, last minute"
              />
            </Figure>
            <Figure
              label="Throughput"
              testId="status-throughput"
              value={data.projector.eventsPerSecond.toLocaleString()}
              unit="events/s"
              detail={`${data.projector.eventsLastMinute.toLocaleString()} in the last minute`}
            >
              <Sparkline
                values={samples.map((sample) => sample.eventsPerSecond)}
                label="Throughput, last minute"
              />
            </Figure>
            <Figure
              label="Event log head"
              testId="status-head"
              value={position(data.eventStore.head)}
              detail={
                data.eventStore.headAt
                  ? `last event ${relativeTime(data.eventStore.headAt).toLowerCase()}`
                  : 'no event yet'
              }
            />
            <Figure
              label="Live connections"
              testId="status-connections"
              value={data.live.connections.toLocaleString()}
              detail="browsers receiving updates"
            />
          </div>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Projector checkpoint</dt>
            <dd className="tabular-nums">
              {position(data.projector.checkpoint)}
              {data.projector.appliedAt ? (
                <span className="text-muted-foreground">{` · applied ${relativeTime(data.projector.appliedAt).toLowerCase()}`}</span>
              ) : null}
            </dd>
            <dt className="text-muted-foreground">Last rebuild</dt>
            <dd>
              {readModelRebuildStateLabels[data.rebuild.state]}
              {data.rebuild.finishedAt ? (
                <span className="text-muted-foreground">{` · ${relativeTime(data.rebuild.finishedAt)}`}</span>
              ) : null}
            </dd>
            <dt className="text-muted-foreground">Read models</dt>
            <dd>
              <ul aria-label="Read models in service" className="flex flex-wrap gap-1.5">
                {data.readModels.map((model) => (
                  <li
                    key={model.collection}
                    title={model.collection}
                    className="rounded-md bg-muted px-2 py-0.5 text-xs tabular-nums"
                  >
                    {`${model.name.replaceAll('_', ' ')} v${model.version}`}
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
        </>
      ) : status.isError ? null : (
        <Spinner label="Loading" />
      )}
    </Card>
  );
}
