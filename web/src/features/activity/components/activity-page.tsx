import { canSeeActivity } from '@dispatch/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FileDown, ScrollText } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { QueryError } from '../../../components/errors/query-error';
import { BusyButton, Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import type { Organization } from '../../organizations';
import { useActiveMember } from '../../organizations';
import { type ActivitySearch, activeActivityFilters, activityParams } from '../activity-search';
import { activityExportUrl, activityQueryOptions } from '../api/get-activity';
import { ActivityFilters } from './activity-filters';
import { ActivityTimeline } from './activity-timeline';

/**
 * The organization's activity log, for its owners and admins (and auditors): every change to its
 * trucks, loads, envelopes, members, invitations and teams, newest first, who made it, from where,
 * and what it changed; filtered from the address, paged by "Load older", exported as CSV.
 */
export function ActivityPage({
  organization,
  search,
}: {
  organization: Organization;
  search: ActivitySearch;
}) {
  const navigate = useNavigate({ from: '/$orgSlug/activity/' });
  const params = activityParams(search);
  const log = useInfiniteQuery(activityQueryOptions(organization.id, params));
  const { data: viewer } = useActiveMember(organization.id);

  // A role change arriving live can take this page away from the viewer.
  const mayRead = !viewer || canSeeActivity(viewer.role);
  useEffect(() => {
    if (!mayRead)
      void navigate({ to: '/$orgSlug/overview', params: { orgSlug: organization.slug }, replace: true });
  }, [mayRead, navigate, organization.slug]);

  const onFilter = useCallback(
    (change: Partial<ActivitySearch>) =>
      void navigate({ to: '.', search: (previous) => ({ ...previous, ...change }), replace: true }),
    [navigate],
  );

  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = activeActivityFilters(search) > 0;

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            Activity
            {log.isFetching && !log.isPending ? <Spinner label="Refreshing" /> : null}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Who changed what in {organization.name}, when and from where.
          </p>
        </div>
        <Button variant="outline" asChild>
          <a href={activityExportUrl(params)} download>
            <FileDown aria-hidden />
            CSV
            <span className="sr-only">{filtered ? ' of the filtered activity' : ' of all activity'}</span>
          </a>
        </Button>
      </header>

      <ActivityFilters organizationId={organization.id} search={search} onChange={onFilter} />

      <Card className="overflow-hidden">
        {log.isPending ? (
          <p className="px-5 py-10 text-center text-sm text-muted-foreground">Loading the activity…</p>
        ) : log.isError && !entries.length ? (
          <QueryError
            error={log.error}
            title="The activity could not be loaded"
            onRetry={() => void log.refetch()}
            retrying={log.isFetching}
          />
        ) : entries.length ? (
          <ActivityTimeline entries={entries} orgSlug={organization.slug} onFilter={onFilter} />
        ) : (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
            <ScrollText className="size-5 text-muted-foreground" aria-hidden />
            <p className="font-medium">
              {filtered ? 'Nothing matches these filters' : 'Nothing has happened yet'}
            </p>
          </div>
        )}
      </Card>

      {entries.length ? (
        <div className="flex flex-wrap items-center justify-between gap-3 px-1 text-sm text-muted-foreground">
          <p className="tabular-nums">
            {entries.length.toLocaleString()} {entries.length === 1 ? 'entry' : 'entries'} shown
          </p>
          {log.hasNextPage ? (
            <BusyButton
              variant="outline"
              size="sm"
              onClick={() => void log.fetchNextPage()}
              pending={log.isFetchingNextPage}
            >
              Load older
            </BusyButton>
          ) : (
            <p>{filtered ? 'No older entries match.' : 'The beginning of the log.'}</p>
          )}
        </div>
      ) : null}
      {log.isFetchNextPageError ? (
        <QueryError
          error={log.error}
          title="Older activity could not be loaded"
          onRetry={() => void log.fetchNextPage()}
          retrying={log.isFetchingNextPage}
        />
      ) : null}
    </div>
  );
}
