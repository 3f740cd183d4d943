import type { LaneSearchAnswer } from '@dispatch/domain';
import { trailerTypeLabels } from '@dispatch/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PostingCard, RouteLine } from '../../../components/board/posting-card';
import { SearchSummary, useFoldedSearch } from '../../../components/board/search-summary';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { isApiError } from '../../../lib/api-client';
import { formatCalendarDay } from '../../../lib/dates';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { LaneHistoryButton } from '../../lane-history';
import {
  AvailabilityBadge,
  formatMiles,
  LoadLink,
  RadiusHeader,
  SearchFailed,
  Segmented,
  StartNotice,
  TruckLink,
} from '../../radius';
import { SaveSearchButton } from '../../saved-searches';
import { laneSearchQueryOptions } from '../api/get-lanes';
import {
  activeLaneSearch,
  draftOf,
  type LaneRouteSearch,
  type LaneSearch,
  searchFromDraft,
} from '../lane-search';
import { LaneForm } from './lane-form';
import { LaneMap } from './lane-map';

const NO_SEARCH: LaneSearch = {
  searchType: 'trucks',
  originState: '',
  originCity: '',
  originRadius: 100,
  destinationState: null,
  destinationRadius: 100,
  limit: 10,
  page: 0,
};

const laneFields = [
  'originState',
  'originCity',
  'originRadius',
  'destinationState',
  'destinationCity',
  'destinationRadius',
] as const;

/** What the server refused of the lane, field by field. */
function laneErrorsOf(error: unknown) {
  if (!isApiError(error) || error.status !== 400) return undefined;
  return Object.fromEntries(
    laneFields.flatMap((field) => {
      const message = error.fieldErrors[field]?.[0];
      return message ? [[field, message]] : [];
    }),
  );
}

export interface LaneSearchPageProps {
  organization: { id: string; name: string; slug: string };
  search: LaneRouteSearch;
  onNavigate: (search: LaneRouteSearch) => void;
}

/**
 * The lane search: trucks or loads leaving near one city for near another (or anywhere), by
 * deadhead then date, the lane drawn on the map. The search lives in the URL; results follow live
 * changes.
 */
export function LaneSearchPage({ organization, search, onNavigate }: LaneSearchPageProps) {
  const active = activeLaneSearch(search);
  const query = useQuery({
    ...laneSearchQueryOptions(organization.id, active ?? NO_SEARCH),
    enabled: active !== null,
  });
  const refused = laneErrorsOf(query.error);
  // After a search the form folds into one line, so the results start near the top.
  const { folded: foldedSearch, edit } = useFoldedSearch(
    active ? [active.searchType, ...laneFields.map((field) => String(active[field] ?? ''))].join('|') : null,
  );
  const folded = foldedSearch && !refused;
  return (
    <div className="flex flex-col gap-4">
      <RadiusHeader
        title="Lane search"
        description={`Trucks or loads of ${organization.name} leaving near one city for near another, or anywhere: by deadhead, then date, updated live.`}
        refreshing={query.isFetching && !!query.data}
        action={
          active && !refused ? (
            <SaveSearchButton kind="lane" params={active} orgSlug={organization.slug} />
          ) : null
        }
      />
      {folded && active ? (
        <SearchSummary onEdit={edit}>
          <span className="font-medium">
            {active.searchType === 'loads' ? 'Loads' : 'Trucks'} from within{' '}
            {formatMiles(active.originRadius)} of {active.originCity}, {active.originState} to{' '}
            {active.destinationState && active.destinationCity
              ? `within ${formatMiles(active.destinationRadius)} of ${active.destinationCity}, ${active.destinationState}`
              : 'anywhere'}
          </span>
        </SearchSummary>
      ) : (
        <Card className="flex flex-col gap-4 p-4">
          <Segmented
            legend="Search for"
            name="lane-kind"
            options={[
              { value: 'trucks', label: 'Trucks' },
              { value: 'loads', label: 'Loads' },
            ]}
            value={search.searchType ?? 'trucks'}
            onChange={(searchType) => onNavigate({ ...search, searchType, page: 0, status: undefined })}
          />
          <LaneForm
            initial={draftOf(search)}
            serverErrors={refused}
            onSearch={(draft) => onNavigate(searchFromDraft(draft, search))}
          />
        </Card>
      )}
      {active ? (
        <Results search={active} query={query} orgSlug={organization.slug} onNavigate={onNavigate} />
      ) : (
        <Card>
          <StartNotice>
            Pick where the lane starts and, if you like, where it ends: the trucks or loads posted on it are
            listed by deadhead from the first city, with the miles from the second.
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
  onNavigate,
}: {
  search: LaneSearch;
  query: UseQueryResult<LaneSearchAnswer>;
  orgSlug: string;
  onNavigate: (search: LaneRouteSearch) => void;
}) {
  // A phone gets cards, a wider window the table: one of the two, never both.
  const phone = useMediaQuery(PHONE_QUERY);
  const answer = query.data;
  if (!answer) {
    if (query.isError)
      return (
        <Card>
          <SearchFailed error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      );
    return (
      <Card className="flex justify-center py-16">
        <Spinner label="Searching" />
      </Card>
    );
  }
  const trucks = search.searchType === 'trucks';
  const noun = trucks
    ? answer.totalCount === 1
      ? 'truck'
      : 'trucks'
    : answer.totalCount === 1
      ? 'load'
      : 'loads';
  const { origin, destination } = answer;
  const to = destination
    ? `within ${formatMiles(destination.radius)} of ${destination.city}, ${destination.state}`
    : 'anywhere';
  return (
    // The map beside the table from 1536 px; below it on narrower screens, where the table takes the width.
    <section aria-label="Results" className="grid gap-4 2xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="flex min-w-0 flex-col gap-3">
        <h2 className="px-1 text-base font-semibold tracking-tight" aria-live="polite">
          {answer.totalCount.toLocaleString()}
          {answer.totalCountExact ? '' : '+'} {noun} from within {formatMiles(origin.radius)} of {origin.city}
          , {origin.state} to {to}
        </h2>
        <Card className={phone ? undefined : 'overflow-x-auto'}>
          {answer.data.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-muted-foreground">
              No {trucks ? 'trucks' : 'loads'} on this lane.
              {trucks && destination
                ? ' Trucks that name no preferred destination are found by a search to anywhere.'
                : ''}
            </p>
          ) : phone ? (
            <LaneCards rows={answer.data} orgSlug={orgSlug} destination={Boolean(destination)} />
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{trucks ? 'Truck' : 'Load'}</TableHead>
                  <TableHead>{trucks ? 'From → preferred' : 'Trailer'}</TableHead>
                  <TableHead className="text-right">Deadhead</TableHead>
                  <TableHead className="text-right">
                    {destination ? 'To destination' : 'Destination'}
                  </TableHead>
                  <TableHead>{trucks ? 'Available' : 'Date'}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {answer.data.map((row) => {
                  const posting = 'truck' in row ? row.truck : row.load;
                  return (
                    <TableRow
                      key={posting.id}
                      {...('truck' in row
                        ? { 'data-truck-id': row.truck.id }
                        : { 'data-load-id': row.load.id })}
                    >
                      <TableCell className="max-w-64">
                        {'truck' in row ? (
                          <TruckLink truck={row.truck} orgSlug={orgSlug} />
                        ) : (
                          <LoadLink load={row.load} orgSlug={orgSlug} />
                        )}
                      </TableCell>
                      <TableCell className="min-w-40 text-sm">
                        {'truck' in row ? (
                          `${row.truck.truckCity}, ${row.truck.truckState} → ${row.truck.preferedCity ? `${row.truck.preferedCity}, ${row.truck.preferedState ?? ''}` : 'anywhere'}`
                        ) : (
                          <span className="flex items-center gap-1">
                            {trailerTypeLabels[row.load.trailerType]}
                            <LaneHistoryButton organization={orgSlug} lane={row.load} />
                          </span>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-right tabular-nums">
                        {formatMiles(row.deadheadMiles)}
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-right tabular-nums">
                        {row.destinationMiles === null ? '—' : formatMiles(row.destinationMiles)}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        <span className="flex items-center gap-2">
                          {formatCalendarDay(posting.availabilityDate)}
                          {'truck' in row ? <AvailabilityBadge available={row.truck.status} /> : null}
                        </span>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </Card>
        {answer.totalPages > 1 ? (
          <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
            <Button
              variant="outline"
              size="sm"
              disabled={search.page === 0}
              onClick={() => onNavigate({ ...search, page: search.page - 1 })}
            >
              <ChevronLeft aria-hidden />
              Previous
            </Button>
            <span className="tabular-nums text-muted-foreground">
              Page {search.page + 1} of {answer.totalPages}
              {answer.totalCountExact ? '' : '+'}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={
                // Past a counted total ("1,000+"), Next stays open while pages come back full.
                answer.totalCountExact
                  ? search.page + 1 >= answer.totalPages
                  : answer.data.length < answer.limit
              }
              onClick={() => onNavigate({ ...search, page: search.page + 1 })}
            >
              Next
              <ChevronRight aria-hidden />
            </Button>
          </nav>
        ) : null}
        <p className="px-1 text-xs text-muted-foreground">
          Straight-line miles: deadhead from {origin.city} to each origin.
        </p>
      </div>
      <Card className="overflow-hidden">
        <LaneMap answer={answer} />
      </Card>
    </section>
  );
}

/** The lane's postings as cards on a phone: where from and to, the deadhead, the date, then the rest. */
function LaneCards({
  rows,
  orgSlug,
  destination,
}: {
  rows: LaneSearchAnswer['data'];
  orgSlug: string;
  /** Whether the search names a destination: the miles are then to it, otherwise the trip's. */
  destination: boolean;
}) {
  return (
    <ul aria-label="Lane results" className="divide-y divide-border" data-grid-cards>
      {rows.map((row) => {
        const toDestination =
          row.destinationMiles === null
            ? null
            : `${formatMiles(row.destinationMiles)} ${destination ? 'to destination' : 'trip'}`;
        const deadhead = `${formatMiles(row.deadheadMiles)} deadhead`;
        if ('truck' in row) {
          const { truck } = row;
          return (
            <li key={truck.id} data-truck-id={truck.id}>
              <PostingCard
                title={truck.truckName}
                open={{ to: '/$orgSlug/trucks/edit/$id', params: { orgSlug, id: truck.id } }}
                aside={deadhead}
                route={
                  <RouteLine
                    from={`${truck.truckCity}, ${truck.truckState}`}
                    to={
                      truck.preferedCity ? `${truck.preferedCity}, ${truck.preferedState ?? ''}` : 'Anywhere'
                    }
                  />
                }
                facts={[
                  <span key="date" className="tabular-nums" data-card-date>
                    {formatCalendarDay(truck.availabilityDate)}
                  </span>,
                  <AvailabilityBadge key="status" available={truck.status} />,
                  trailerTypeLabels[truck.trailerType],
                  toDestination,
                ]}
              />
            </li>
          );
        }
        const { load } = row;
        return (
          <li key={load.id} data-load-id={load.id}>
            <PostingCard
              title={
                <RouteLine
                  from={`${load.originCity}, ${load.originState}`}
                  to={`${load.destinationCity}, ${load.destinationState}`}
                />
              }
              open={{ to: '/$orgSlug/loads/edit/$id', params: { orgSlug, id: load.id } }}
              aside={deadhead}
              facts={[
                <span key="date" className="tabular-nums" data-card-date>
                  {formatCalendarDay(load.availabilityDate)}
                </span>,
                trailerTypeLabels[load.trailerType],
                toDestination,
              ]}
              actions={<LaneHistoryButton organization={orgSlug} lane={load} variant="text" />}
            />
          </li>
        );
      })}
    </ul>
  );
}
