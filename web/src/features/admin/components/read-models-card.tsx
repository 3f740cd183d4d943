import {
  type ReadModelGroupName,
  readModelGroupLabels,
  readModelGroupNames,
  readModelRebuildStateLabels,
} from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { DatabaseZap } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '../../../components/errors/query-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { relativeTime } from '../../../lib/dates';
import {
  isRebuilding,
  readModelGroupsQueryOptions,
  readModelStatusQueryOptions,
  useRequestRebuild,
} from '../api/read-models';

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

/** What a rebuild covers, as the admin reads it: "every read model", "the boards". */
function coverageOf(groups: readonly ReadModelGroupName[] | null): string {
  if (!groups) return 'every read model';
  return `the ${groups.map((group) => readModelGroupLabels[group].toLowerCase()).join(', ')}`;
}

const groupOrder = (name: ReadModelGroupName) => readModelGroupNames.indexOf(name);

/**
 * The super_admin's rebuild of every read model, or of one group (the boards after a change to a
 * list), with its live progress and each group's rows and lag.
 */
export function ReadModelsCard() {
  const status = useQuery(readModelStatusQueryOptions());
  const data = status.data;
  const running = isRebuilding(data);
  const groups = useQuery(readModelGroupsQueryOptions(running));
  const requestRebuild = useRequestRebuild();
  /** The rebuild asked for in the dialog: null for every read model; undefined while it is closed. */
  const [confirming, setConfirming] = useState<ReadModelGroupName[] | null | undefined>(undefined);

  const confirm = async () => {
    try {
      await requestRebuild.mutateAsync(confirming ?? null);
      toast.success('Rebuild started');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not start the rebuild');
    } finally {
      setConfirming(undefined);
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
              Boards, counters, envelopes and history, built from the event history.
            </p>
          </div>
        </div>
        <Button onClick={() => setConfirming(null)} disabled={!data || running}>
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
            {data.state !== 'idle' ? (
              <span className="text-muted-foreground"> · {coverageOf(data.groups)}</span>
            ) : null}
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

      {groups.data ? (
        <ListTable
          caption="Read model groups"
          columns={[
            { name: 'Group' },
            { name: 'Read models', className: 'hidden md:table-cell' },
            { name: 'Rows', className: 'text-right' },
            { name: 'Behind', className: 'text-right' },
            { name: 'Rebuild', srOnly: true, className: 'text-right' },
          ]}
        >
          {[...groups.data.groups]
            .sort((a, b) => groupOrder(a.name) - groupOrder(b.name))
            .map((group) => {
              const label = readModelGroupLabels[group.name];
              return (
                <TableRow key={group.name} data-testid="read-model-group">
                  <TableCell className="font-medium">{label}</TableCell>
                  <TableCell
                    className="hidden max-w-md truncate text-muted-foreground md:table-cell"
                    title={group.readModels.join(', ')}
                  >
                    {group.readModels.join(', ')}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{group.rows.toLocaleString()}</TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    {group.lagEvents === 0
                      ? 'Up to date'
                      : `${group.lagEvents.toLocaleString()}${group.lagEventsCapped ? '+' : ''} events`}
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Rebuild ${label.toLowerCase()}`}
                      onClick={() => setConfirming([group.name])}
                      disabled={!data || running}
                    >
                      Rebuild
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
        </ListTable>
      ) : null}

      <DialogFrame
        open={confirming !== undefined}
        onOpenChange={(open) => {
          if (!open) setConfirming(undefined);
        }}
        title={confirming ? `Rebuild ${coverageOf(confirming)}?` : 'Rebuild every read model?'}
        description={
          confirming
            ? 'They are built again from the first event while the current ones keep serving; they take over once they have caught up. The other read models are not touched.'
            : 'New read models are built from the first event while the current ones keep serving every list; they take over once they have caught up. Nobody has to stop working.'
        }
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
