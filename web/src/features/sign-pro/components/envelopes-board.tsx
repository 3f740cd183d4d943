import { type EnvelopeAnswer, type EnvelopeType, envelopeTypeLabels } from '@dispatch/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { CircleAlert, FileSignature, Inbox } from 'lucide-react';
import { useCallback, useState } from 'react';
import { noSuchPage } from '../../../components/board/board-paging';
import { isGridPageSize } from '../../../components/board/data-grid/grid-preferences';
import {
  useApplySavedPageSize,
  useSavedPageSize,
} from '../../../components/board/data-grid/use-grid-preferences';
import { describeQueryError } from '../../../components/errors/query-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useNow } from '../../../lib/use-now';
import { CsvExportLink } from '../../csv';
import { envelopesQueryOptions } from '../api/get-envelopes';
import {
  activeEnvelopeFilterCount,
  type EnvelopeFilters,
  type EnvelopesSearch,
  withEnvelopeFilters,
  withoutEnvelopeFilters,
} from '../envelopes-search';
import { useStatusNotices } from '../use-status-notices';
import { EnvelopeFilterBar } from './envelope-filters';
import { EnvelopeHistoryDialog } from './envelope-history-dialog';
import { EnvelopePagination } from './envelope-pagination';
import { EnvelopesTable } from './envelopes-table';
import { VoidEnvelopeDialog } from './void-envelope-dialog';

const wording: Record<EnvelopeType, { title: string; nouns: string; description: string }> = {
  driver: {
    title: 'Drivers',
    nouns: 'driver envelopes',
    description: 'Onboarding agreements sent to drivers, updated live as they open and sign them.',
  },
  client: {
    title: 'Clients',
    nouns: 'client envelopes',
    description: 'Agreements sent to clients, updated live as they open and sign them.',
  },
};

export interface EnvelopesBoardProps {
  organization: { id: string; name: string; slug: string };
  /** Fixed by the route: the drivers table or the clients table. */
  type: EnvelopeType;
  search: EnvelopesSearch;
  /** Changes the URL search params (functional: a debounced search box may fire late). */
  onSearch: (update: (current: EnvelopesSearch) => EnvelopesSearch) => void;
}

/** The drivers or clients table of sign-pro: filters, the envelopes and their actions, paging. */
export function EnvelopesBoard({ organization, type, search, onSearch }: EnvelopesBoardProps) {
  const params = { ...search, type };
  const {
    data: page,
    isFetching,
    error,
    refetch,
  } = useSuspenseQuery(envelopesQueryOptions(organization.id, params));
  const [voiding, setVoiding] = useState<EnvelopeAnswer | null>(null);
  const [historyOf, setHistoryOf] = useState<EnvelopeAnswer | null>(null);
  const now = useNow();
  useStatusNotices(organization.id, JSON.stringify(params), page.data);

  const onFilters = useCallback(
    (changes: Partial<EnvelopeFilters>) => onSearch((current) => withEnvelopeFilters(current, changes)),
    [onSearch],
  );
  const onClear = useCallback(() => onSearch((current) => withoutEnvelopeFilters(current)), [onSearch]);
  const filtered = activeEnvelopeFilterCount(search) > 0;
  // Rows per page: saved for the user, and the list opens at it unless its address names one.
  const savedPageSize = useSavedPageSize('envelopes');
  const limitInAddress = useRouterState({ select: (state) => /[?&]limit=/.test(state.location.searchStr) });
  useApplySavedPageSize('envelopes', {
    limit: search.limit,
    explicit: limitInAddress,
    apply: (limit) => onSearch((current) => ({ ...current, limit, page: 1 })),
  });
  const words = wording[type];
  const onboard =
    type === 'driver' ? '/$orgSlug/sign-pro/onboard-driver' : '/$orgSlug/sign-pro/onboard-client';

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            {words.title}
            {isFetching ? <Spinner label="Refreshing" /> : null}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">{words.description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <CsvExportLink list="envelopes" search={params} what={`the ${words.nouns} shown`} size="md" />
          <Button asChild>
            <Link to={onboard} params={{ orgSlug: organization.slug }}>
              <FileSignature aria-hidden />
              Onboard {envelopeTypeLabels[type].toLowerCase()}
            </Link>
          </Button>
        </div>
      </header>

      <EnvelopeFilterBar
        organizationId={organization.id}
        search={search}
        onFilters={onFilters}
        onSort={(sort) => onSearch((current) => ({ ...current, ...sort, page: 1 }))}
        onClear={onClear}
      />

      {error ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm"
        >
          <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
          <span className="font-medium">
            {describeQueryError(error, 'Could not refresh this table').title}
          </span>
          <span className="min-w-0 flex-1 break-words text-muted-foreground">
            {describeQueryError(error, '').detail} Showing the last answer.
          </span>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            Retry
          </Button>
        </div>
      ) : null}

      <Card className="overflow-hidden">
        {page.data.length ? (
          <EnvelopesTable
            caption={`${words.title} envelopes of ${organization.name}`}
            envelopes={page.data}
            now={now}
            onVoid={setVoiding}
            onHistory={setHistoryOf}
          />
        ) : (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-muted">
              <Inbox className="size-5 text-muted-foreground" aria-hidden />
            </span>
            {filtered && page.totalCount === 0 ? (
              <>
                <p className="font-medium">No {words.nouns} match these filters</p>
                <Button variant="outline" size="sm" onClick={onClear}>
                  Clear filters
                </Button>
              </>
            ) : search.page > 1 && page.totalCount > 0 ? (
              <>
                <p className="font-medium">{noSuchPage(search.page, page.totalPages)}</p>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onSearch((current) => ({ ...current, page: Math.max(1, page.totalPages) }))}
                >
                  {`Go to page ${Math.max(1, page.totalPages).toLocaleString('en-US')}`}
                </Button>
              </>
            ) : (
              <>
                <p className="font-medium">No {words.nouns} sent yet</p>
                <p className="max-w-sm text-sm text-muted-foreground">
                  Send the first agreement and follow it here as it is opened and signed.
                </p>
              </>
            )}
          </div>
        )}
      </Card>

      <EnvelopePagination
        page={search.page}
        limit={search.limit}
        totalCount={page.totalCount}
        totalPages={page.totalPages}
        shown={page.data.length}
        noun={words.nouns}
        onPage={(next) => onSearch((current) => ({ ...current, page: next }))}
        onLimit={(limit) => {
          if (isGridPageSize(limit)) savedPageSize.save(limit);
          onSearch((current) => ({ ...current, limit, page: 1 }));
        }}
      />

      <VoidEnvelopeDialog envelope={voiding} onClose={() => setVoiding(null)} />
      <EnvelopeHistoryDialog
        organizationId={organization.id}
        envelope={historyOf}
        onClose={() => setHistoryOf(null)}
      />
    </div>
  );
}
