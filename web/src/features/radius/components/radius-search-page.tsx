import { RADIUS_MAX_MILES, type RadiusSearchAnswer } from '@dispatch/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, Compass } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { noSuchPage } from '../../../components/board/board-paging';
import {
  activeFilterCount,
  type BoardFilters,
  withFilters,
  withoutFilters,
} from '../../../components/board/board-search';
import { PageSizeSelect } from '../../../components/board/data-grid/page-size-select';
import { useApplySavedPageSize } from '../../../components/board/data-grid/use-grid-preferences';
import { SearchSummary, useFoldedSearch } from '../../../components/board/search-summary';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { CsvExportLink } from '../../csv';
import { BoardLiveRegion, NewRowsButton, useBoardChanges } from '../../live';
import { SaveSearchButton } from '../../saved-searches';
import { radiusSearchQueryOptions } from '../api/get-radius-search';
import { formatMiles, isLoadResult, isTruckResult } from '../radius-results';
import {
  activeRadiusSearch,
  type RadiusPlaceDraft,
  type RadiusRouteSearch,
  type RadiusSearch,
  searchFromForm,
} from '../radius-search';
import { RadiusFilters } from './radius-filters';
import { RadiusHeader } from './radius-header';
import { placeFormOf, RadiusPlaceForm } from './radius-place-form';
import { LoadResultsTable, TruckResultsTable } from './radius-results-table';
import { Notice, placeErrorsOf, SearchFailed, StartNotice } from './radius-states';

/** A search that is never sent: the query's key while the page has no search. */
const NO_SEARCH: RadiusSearch = {
  state: '',
  city: '',
  radius: 0,
  limit: 10,
  page: 0,
  searchType: 'trucks',
  around: 'origin',
};

export interface RadiusSearchPageProps {
  organization: { id: string; name: string; slug: string };
  search: RadiusRouteSearch;
  onNavigate: (search: RadiusRouteSearch) => void;
}

const nounsOf = (search: RadiusSearch, count: number) =>
  search.searchType === 'trucks' ? (count === 1 ? 'truck' : 'trucks') : count === 1 ? 'load' : 'loads';

/**
 * The radius search: the trucks, or the loads, within some miles of a city, nearest first, with the
 * compass point of each from the city. The search lives in the URL; results follow live changes.
 */
export function RadiusSearchPage({ organization, search, onNavigate }: RadiusSearchPageProps) {
  const active = activeRadiusSearch(search);
  const query = useQuery({
    ...radiusSearchQueryOptions(organization.id, active ?? NO_SEARCH),
    enabled: active !== null,
  });
  const answer = query.data;
  const refused = placeErrorsOf(query.error);
  // After a search the form and the filters fold into one line, so the results start near the top.
  const { folded: foldedSearch, edit } = useFoldedSearch(
    active ? [active.state, active.city, active.radius, active.searchType, active.around].join('|') : null,
  );
  const folded = foldedSearch && !refused;
  const filterCount = active ? activeFilterCount(active) : 0;
  // What others change among the results is said politely, as on the boards.
  const rows = useMemo(
    () => (answer?.data ?? []).map((item) => ('truck' in item ? item.truck : item.load)),
    [answer?.data],
  );
  const nouns =
    search.searchType === 'loads' ? { one: 'load', many: 'loads' } : { one: 'truck', many: 'trucks' };
  const changes = useBoardChanges({
    kind: search.searchType === 'loads' ? 'loads' : 'trucks',
    rows,
    view: JSON.stringify(active),
    nouns,
  });
  const resultsFrame = useRef<HTMLDivElement>(null);
  const goToRow = (id: number) => {
    const row = [
      ...(resultsFrame.current?.querySelectorAll<HTMLElement>(`[data-row-key="${id}"]`) ?? []),
    ].find((element) => element.getClientRects().length > 0);
    row?.focus();
    changes.clearNew();
  };

  const onSearch = (form: RadiusPlaceDraft) => onNavigate(searchFromForm(form, search));
  const changeFilters = (changes: Partial<BoardFilters>) =>
    active && onNavigate(withFilters(active, changes));
  const clearFilters = () => active && onNavigate(withoutFilters(active));
  // The results open at the user's saved page size of their kind, unless the address names one.
  const limitInAddress = useRouterState({ select: (state) => /[?&]limit=/.test(state.location.searchStr) });
  useApplySavedPageSize(search.searchType === 'loads' ? 'radius-loads' : 'radius-trucks', {
    limit: active?.limit ?? 10,
    explicit: limitInAddress || active === null,
    apply: (limit) => active && onNavigate({ ...active, limit, page: 0 }),
  });

  return (
    <div className="flex flex-col gap-4">
      <RadiusHeader
        title="Radius search"
        description={`Trucks or loads of ${organization.name} within some miles of a city, nearest first, updated live.`}
        refreshing={query.isFetching && !!answer}
        action={
          active && !refused ? (
            <div className="flex flex-wrap items-center gap-2">
              <SaveSearchButton kind="radius" params={active} orgSlug={organization.slug} />
              <CsvExportLink list="radius-search" search={active} what="these results" size="md" />
              <Link
                to="/$orgSlug/radius-360"
                params={{ orgSlug: organization.slug }}
                search={{ state: active.state, city: active.city, radius: active.radius }}
                className={buttonClassName('outline')}
              >
                <Compass aria-hidden />
                All around {active.city}
              </Link>
            </div>
          ) : null
        }
      />

      {folded && active ? (
        <SearchSummary onEdit={edit}>
          <span className="font-medium">
            {search.searchType === 'loads' ? 'Loads' : 'Trucks'}
            {search.searchType === 'loads' && active.around === 'destination' ? ' ending' : ''} within{' '}
            {formatMiles(active.radius)} of {active.city}, {active.state}
          </span>
          <span className="text-muted-foreground">
            {' · '}
            {filterCount === 0 ? 'no filters' : filterCount === 1 ? '1 filter' : `${filterCount} filters`}
          </span>
        </SearchSummary>
      ) : (
        <Card className="p-4">
          <RadiusPlaceForm
            initial={placeFormOf(search)}
            withKind
            searching={active !== null}
            serverErrors={refused}
            onSearch={onSearch}
          />
        </Card>
      )}

      {active ? (
        <>
          {refused || folded ? null : (
            <RadiusFilters
              organizationId={organization.id}
              search={active}
              onChange={changeFilters}
              onClear={clearFilters}
            />
          )}
          <BoardLiveRegion message={changes.message} label="Radius search changes" />
          {changes.newIds.length ? (
            <div className="flex">
              <NewRowsButton newIds={changes.newIds} nouns={nouns} onGo={goToRow} />
            </div>
          ) : null}
          <div ref={resultsFrame} className="contents">
            <Results
              search={active}
              query={query}
              orgSlug={organization.slug}
              onClearFilters={clearFilters}
              onNavigate={onNavigate}
            />
          </div>
        </>
      ) : (
        <Card>
          <StartNotice>
            Pick a state, a city and a radius in miles: the trucks or loads posted within it are listed
            nearest first, with the direction of each from the city.
          </StartNotice>
        </Card>
      )}
    </div>
  );
}

function Results({
  search,
  query,
  orgSlug,
  onClearFilters,
  onNavigate,
}: {
  search: RadiusSearch;
  query: UseQueryResult<RadiusSearchAnswer>;
  orgSlug: string;
  onClearFilters: () => void;
  onNavigate: (search: RadiusRouteSearch) => void;
}) {
  const answer = query.data;
  if (!answer) {
    if (query.isError) {
      return (
        <Card>
          <SearchFailed error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      );
    }
    return (
      <Card className="flex justify-center py-16">
        <Spinner label="Searching" />
      </Card>
    );
  }

  const { center } = answer;
  const cityName = center.city;
  const where = `${center.city}, ${center.state}`;
  const filtered = activeFilterCount(search) > 0;
  const nouns = nounsOf(search, answer.totalCount);
  const trucks = answer.data.filter(isTruckResult);
  const loads = answer.data.filter(isLoadResult);
  const wider = Math.min(RADIUS_MAX_MILES, search.radius * 2);

  return (
    <section aria-label="Results" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-1">
        <h2 className="text-base font-semibold tracking-tight" aria-live="polite">
          {answer.totalCount.toLocaleString()} {nouns} within {formatMiles(search.radius)} of {where}
        </h2>
        <p className="text-xs text-muted-foreground">
          {search.searchType === 'loads'
            ? `Straight-line miles to each load's ${search.around}`
            : `Straight-line miles to each truck's city`}
        </p>
      </div>
      {query.isError ? (
        <p role="alert" className="px-1 text-sm text-destructive">
          Could not refresh the results: {query.error instanceof Error ? query.error.message : 'try again'}
        </p>
      ) : null}
      <Card className="overflow-hidden">
        {answer.data.length ? (
          search.searchType === 'trucks' ? (
            <TruckResultsTable results={trucks} orgSlug={orgSlug} city={cityName} />
          ) : (
            <LoadResultsTable results={loads} orgSlug={orgSlug} city={cityName} around={search.around} />
          )
        ) : search.page > 0 && answer.totalCount > 0 ? (
          <Notice title={noSuchPage(search.page + 1, answer.totalPages)}>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onNavigate({ ...search, page: Math.max(0, answer.totalPages - 1) })}
            >
              {`Go to page ${Math.max(1, answer.totalPages).toLocaleString('en-US')}`}
            </Button>
          </Notice>
        ) : (
          <Notice title={`No ${nounsOf(search, 0)} within ${formatMiles(search.radius)} of ${where}`}>
            <p className="max-w-sm text-sm text-muted-foreground">
              {filtered
                ? 'Some filters are set: clear them, or widen the radius.'
                : 'Widen the radius, or search around another city. New postings appear here as they come in.'}
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              {filtered ? (
                <Button variant="outline" size="sm" onClick={onClearFilters}>
                  Clear filters
                </Button>
              ) : null}
              {wider > search.radius ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onNavigate({ ...search, radius: wider, page: 0 })}
                >
                  Search within {formatMiles(wider)}
                </Button>
              ) : null}
            </div>
          </Notice>
        )}
      </Card>
      <Pagination answer={answer} search={search} onNavigate={onNavigate} />
    </section>
  );
}

/** Pages count from 0 in the URL and the API; people read them from 1. */
function Pagination({
  answer,
  search,
  onNavigate,
}: {
  answer: { totalCount: number; totalPages: number; data: readonly unknown[] };
  search: RadiusSearch;
  onNavigate: (search: RadiusRouteSearch) => void;
}) {
  const first = answer.totalCount === 0 ? 0 : search.page * search.limit + 1;
  const last = Math.min(answer.totalCount, search.page * search.limit + answer.data.length);
  const totalPages = Math.max(1, answer.totalPages);
  const hasPrevious = search.page > 0;
  const hasNext = search.page + 1 < answer.totalPages;
  const disabled = 'pointer-events-none opacity-50';
  if (answer.totalCount === 0) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 px-1 text-sm">
      <div className="flex items-center gap-3">
        <p className="text-muted-foreground tabular-nums">
          {first}–{last} of {answer.totalCount.toLocaleString()}
        </p>
        <PageSizeSelect
          gridId={search.searchType === 'loads' ? 'radius-loads' : 'radius-trucks'}
          value={search.limit}
          onChange={(limit) => onNavigate({ ...search, limit, page: 0 })}
        />
      </div>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground tabular-nums">
          Page {Math.min(search.page + 1, totalPages)} of {totalPages}
        </span>
        <Link
          from="/$orgSlug/radius/"
          to="."
          search={{ ...search, page: Math.max(0, Math.min(search.page - 1, totalPages - 1)) }}
          aria-disabled={!hasPrevious}
          tabIndex={hasPrevious ? undefined : -1}
          className={cn(buttonClassName('outline', 'sm'), !hasPrevious && disabled)}
        >
          <ChevronLeft aria-hidden />
          Previous
        </Link>
        <Link
          from="/$orgSlug/radius/"
          to="."
          search={{ ...search, page: search.page + 1 }}
          aria-disabled={!hasNext}
          tabIndex={hasNext ? undefined : -1}
          className={cn(buttonClassName('outline', 'sm'), !hasNext && disabled)}
        >
          Next
          <ChevronRight aria-hidden />
        </Link>
      </div>
    </nav>
  );
}
