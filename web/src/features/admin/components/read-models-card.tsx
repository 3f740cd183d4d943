import { readModelRebuildStateLabels } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { DatabaseZap } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '../../../components/errors/query-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { relativeTime } from '../../../lib/dates';
import { isRebuilding, readModelStatusQueryOptions, useRequestRebuild } from '../api/read-models';

/** "1 h 4 min", "3 min 20 s", "12 s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min ${s % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** How far the new read models are, from 0 to 100. */
export function progressPercent(reached: string, head: string): number {
  const total = Number(head);
  if (!(total > 0)) return 0;
  return Math.min(100, Math.floor((Number(reached) * 100) / total));
}

/** The super_admin's rebuild of every read model, with its live progress. */
export function ReadModelsCard() {
  const status = useQuery(readModelStatusQueryOptions());
  const requestRebuild = useRequestRebuild();
  const [confirming, setConfirming] = useState(false);
  const data = status.data;
  const running = isRebuilding(data);

  const confirm = async () => {
    try {
      await requestRebuild.mutateAsync();
      toast.success('Rebuild started');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not start the rebuild');
    } finally {
      setConfirming(false);
    }
  };

  const percent = data ? progressPercent(data.reached, data.head) : 0;
  return (
    <Card className="flex flex-col gap-4 p-5" aria-labelledby="read-models-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-4">
          <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <DatabaseZap className="size-5" aria-hidden />
          </span>
          <div>
            <h2 id="read-models-title" className="font-semibold">
              Read models
            </h2>
            <p className="text-sm text-muted-foreground">
              Lists, counters and the overview, built from the event history.
            </p>
          </div>
        </div>
        <Button onClick={() => setConfirming(true)} disabled={!data || running}>
          Rebuild read models
        </Button>
      </div>

      {status.isError ? (
        <QueryError
          error={status.error}
          title="Could not load the read models' status"
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
          className="py-4"
        />
      ) : null}
      {data ? (
        <div className="flex flex-col gap-2 text-sm" data-testid="read-models-status">
          <p>
            <span className="font-medium">{readModelRebuildStateLabels[data.state]}</span>
            {data.state === 'completed' && data.finishedAt ? (
              <span className="text-muted-foreground"> · {relativeTime(data.finishedAt)}</span>
            ) : null}
          </p>
          {running ? (
            <>
              <div
                role="progressbar"
                aria-label="Rebuild progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
              </div>
              <p className="tabular-nums text-muted-foreground">
                {`${Number(data.reached).toLocaleString()} of ${Number(data.head).toLocaleString()} events`}
                {` · ${data.eventsPerSecond.toLocaleString()} events/s`}
                {data.etaSeconds !== null ? ` · about ${formatDuration(data.etaSeconds)} left` : null}
              </p>
            </>
          ) : null}
          {data.state === 'failed' && data.error ? (
            <p role="alert" className="text-destructive">
              {data.error}
            </p>
          ) : null}
        </div>
      ) : (
        <Spinner label="Loading" />
      )}

      <DialogFrame
        open={confirming}
        onOpenChange={setConfirming}
        title="Rebuild every read model?"
        description="New read models are built from the first event while the current ones keep serving every list; they take over once they have caught up. Nobody has to stop working."
      >
        <DialogActions
          label="Rebuild"
          pending={requestRebuild.isPending}
          onConfirm={confirm}
          spinnerClassName=""
        />
      </DialogFrame>
    </Card>
  );
}
