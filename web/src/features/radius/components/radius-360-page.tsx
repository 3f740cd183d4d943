import {
  type Direction,
  directionLabels,
  type RadiusSearchAnswer,
  trailerTypeLabels,
} from '@dispatch/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { List, Maximize2, Minimize2, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { formatCalendarDay } from '../../../lib/dates';
import { useHighlight } from '../../../lib/highlights';
import { radiusSearchQueryOptions } from '../api/get-radius-search';
import { projectPoint } from '../map-geometry';
import {
  countBySector,
  formatMiles,
  isLoadResult,
  isTruckResult,
  type LoadResult,
  matchTrucksToLoads,
  nearestFirst,
  type RadiusResult,
} from '../radius-results';
import {
  activeRadius360Search,
  RADIUS_360_LIMIT,
  type Radius360RouteSearch,
  type Radius360Search,
  type RadiusSearch,
  radius360Queries,
  validateRadius360Search,
} from '../radius-search';
import { CompassSectors } from './compass-sectors';
import { LoadMatchesList } from './load-matches';
import { RadiusHeader } from './radius-header';
import { placeFormOf, RadiusPlaceForm } from './radius-place-form';
import { placeErrorsOf, SearchFailed, StartNotice } from './radius-states';
import { AvailabilityBadge, DirectionText, DistanceCell, LoadLink, place, TruckLink } from './result-cells';
import { MapLegend, UsRadiusMap } from './us-radius-map';

export interface Radius360PageProps {
  organization: { id: string; name: string; slug: string };
  search: Radius360RouteSearch;
  onNavigate: (search: Radius360RouteSearch) => void;
}

/** A search that is never sent: the queries' key while the page has no search. */
const NO_SEARCH: Radius360Search = { state: '', city: '', radius: 0 };

function useRadius(organizationId: string, search: RadiusSearch, enabled: boolean) {
  return useQuery({ ...radiusSearchQueryOptions(organizationId, search), enabled });
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

/**
 * Radius 360, the all-around view of one city: its trucks and loads together on a map of the
 * United States, counted by compass sector, and matched (each load with the nearest available
 * trucks of its trailer type). Both searches follow live changes.
 */
export function Radius360Page({ organization, search, onNavigate }: Radius360PageProps) {
  const active = activeRadius360Search(search);
  const enabled = active !== null;
  const all = radius360Queries(active ?? NO_SEARCH);
  const listed = radius360Queries(active ?? NO_SEARCH, active?.direction);
  const trucks = useRadius(organization.id, all.trucks, enabled);
  const loads = useRadius(organization.id, all.loads, enabled);
  const listedTrucks = useRadius(organization.id, listed.trucks, enabled);
  const listedLoads = useRadius(organization.id, listed.loads, enabled);
  const queries = [trucks, loads, listedTrucks, listedLoads];
  const failed = queries.find((query) => query.isError && !query.data);
  const refreshing = queries.some((query) => query.isFetching) && queries.every((query) => query.data);

  return (
    <div className="flex flex-col gap-6">
      <RadiusHeader
        title="Radius 360"
        description="Everything around one city: trucks and loads on one map, counted by direction, and the nearest available trucks for each load. Updated live."
        refreshing={refreshing}
        action={
          active ? (
            <Link
              to="/$orgSlug/radius"
              params={{ orgSlug: organization.slug }}
              search={{ state: active.state, city: active.city, radius: active.radius }}
              className={buttonClassName('outline')}
            >
              <List aria-hidden />
              Open as a list
            </Link>
          ) : null
        }
      />

      <Card className="p-4">
        <RadiusPlaceForm
          initial={placeFormOf(search)}
          withKind={false}
          searching={enabled}
          serverErrors={placeErrorsOf(failed?.error)}
          onSearch={(form) =>
            onNavigate(
              validateRadius360Search({
                state: form.state,
                city: form.city.trim(),
                radius: form.radius.trim(),
              }),
            )
          }
        />
      </Card>

      {!active ? (
        <Card>
          <StartNotice>
            Pick a state, a city and a radius in miles to see every truck and load around it on the map, how
            many lie in each direction, and which available trucks are nearest to each load.
          </StartNotice>
        </Card>
      ) : failed ? (
        <Card>
          <SearchFailed
            error={failed.error}
            onRetry={() => {
              for (const query of queries) if (query.isError) void query.refetch();
            }}
          />
        </Card>
      ) : trucks.data && loads.data && listedTrucks.data && listedLoads.data ? (
        <AllAround
          search={active}
          orgSlug={organization.slug}
          trucks={trucks.data}
          loads={loads.data}
          listedTrucks={listedTrucks.data}
          listedLoads={listedLoads.data}
          stale={queries.find((query) => query.isError)}
        />
      ) : (
        <Card className="flex justify-center py-16">
          <Spinner label="Searching" />
        </Card>
      )}
    </div>
  );
}

function AllAround({
  search,
  orgSlug,
  trucks,
  loads,
  listedTrucks,
  listedLoads,
  stale,
}: {
  search: Radius360Search;
  orgSlug: string;
  trucks: RadiusSearchAnswer;
  loads: RadiusSearchAnswer;
  listedTrucks: RadiusSearchAnswer;
  listedLoads: RadiusSearchAnswer;
  stale: UseQueryResult | undefined;
}) {
  const [zoom, setZoom] = useState<'radius' | 'country'>('radius');
  const { center } = trucks;
  const truckResults = useMemo(() => trucks.data.filter(isTruckResult), [trucks]);
  const loadResults = useMemo(() => loads.data.filter(isLoadResult), [loads]);
  const counts = useMemo(() => countBySector([...truckResults, ...loadResults]), [truckResults, loadResults]);
  const listedTruckResults = useMemo(() => listedTrucks.data.filter(isTruckResult), [listedTrucks]);
  const listedLoadResults = useMemo(() => listedLoads.data.filter(isLoadResult), [listedLoads]);
  // The loads of the list (its sectors), each with the nearest available trucks anywhere in the radius.
  const matches = useMemo(
    () => matchTrucksToLoads(listedLoadResults, truckResults),
    [listedLoadResults, truckResults],
  );
  const rows = useMemo(
    () => nearestFirst(listedTruckResults, listedLoadResults),
    [listedTruckResults, listedLoadResults],
  );
  const offMap = [...truckResults, ...loadResults].filter((result) => !projectPoint(result.location)).length;
  const selected = search.direction ?? [];
  const place360: Radius360Search = { state: search.state, city: search.city, radius: search.radius };
  const sectorSearch = (direction: Direction): Radius360Search =>
    selected.length === 1 && selected[0] === direction ? place360 : { ...place360, direction: [direction] };
  const where = `${center.city}, ${center.state}`;
  const truncated = [
    trucks.totalCount > trucks.data.length ? plural(trucks.totalCount, 'truck', 'trucks') : null,
    loads.totalCount > loads.data.length ? plural(loads.totalCount, 'load', 'loads') : null,
  ].filter(Boolean);
  const sectorNames = selected.map((direction) => directionLabels[direction]).join(', ');

  return (
    <>
      <div className="flex flex-col gap-1 px-1">
        <h2 className="text-base font-semibold tracking-tight" aria-live="polite">
          {plural(trucks.totalCount, 'truck', 'trucks')} and {plural(loads.totalCount, 'load', 'loads')}{' '}
          within {formatMiles(search.radius)} of {where}
        </h2>
        {truncated.length || offMap || stale ? (
          <p className="text-xs text-muted-foreground">
            {truncated.length
              ? `The map shows the nearest ${RADIUS_360_LIMIT} of the ${truncated.join(' and of the ')}. `
              : ''}
            {offMap
              ? `${plural(offMap, 'posting lies', 'postings lie')} off the map (outside the states). `
              : ''}
            {stale ? (
              <span role="alert" className="text-destructive">
                Could not refresh: {stale.error instanceof Error ? stale.error.message : 'try again'}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <Card className="flex min-w-0 flex-col gap-3 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2 px-1">
            <h3 className="text-sm font-semibold">Map</h3>
            <fieldset className="flex gap-1">
              <legend className="sr-only">Zoom</legend>
              <Button
                variant={zoom === 'radius' ? 'secondary' : 'ghost'}
                size="sm"
                aria-pressed={zoom === 'radius'}
                onClick={() => setZoom('radius')}
              >
                <Minimize2 aria-hidden />
                Around {center.city}
              </Button>
              <Button
                variant={zoom === 'country' ? 'secondary' : 'ghost'}
                size="sm"
                aria-pressed={zoom === 'country'}
                onClick={() => setZoom('country')}
              >
                <Maximize2 aria-hidden />
                Whole country
              </Button>
            </fieldset>
          </div>
          <div className="overflow-hidden rounded-lg border border-border">
            <UsRadiusMap
              center={center}
              search={search}
              trucks={truckResults}
              loads={loadResults}
              counts={counts}
              orgSlug={orgSlug}
              zoom={zoom}
              sectorSearch={sectorSearch}
            />
          </div>
          <div className="px-1">
            <MapLegend radius={search.radius} />
          </div>
        </Card>

        <Card className="flex flex-col gap-3 self-start p-4">
          <div>
            <h3 className="text-sm font-semibold">By direction</h3>
            <p className="mt-0.5 text-xs text-muted-foreground">
              Trucks <span aria-hidden>(●)</span> and loads <span aria-hidden>(◆)</span> in each direction
              from {center.city}. Pick one to narrow the list, or a sector on the map.
            </p>
          </div>
          <CompassSectors
            city={center.city}
            counts={counts}
            search={search}
            sectorSearch={sectorSearch}
            allSearch={place360}
          />
        </Card>
      </div>

      <Card className="overflow-hidden">
        <CardHeader className="pb-3">
          <CardTitle>Matches</CardTitle>
          <CardDescription>
            {selected.length ? `For each load to the ${sectorNames}` : 'For each load within the radius'}, the
            nearest available trucks with its trailer type, and how far apart they are.
          </CardDescription>
        </CardHeader>
        <div className="border-t border-border">
          <LoadMatchesList
            matches={matches}
            orgSlug={orgSlug}
            empty={
              selected.length
                ? `No loads to the ${sectorNames} to match.`
                : 'No loads within the radius to match.'
            }
          />
        </div>
      </Card>

      <Card className="overflow-hidden">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle>Trucks and loads</CardTitle>
            <CardDescription>Nearest first.</CardDescription>
          </div>
          {selected.length ? (
            <Link
              from="/$orgSlug/radius-360/"
              to="."
              search={place360}
              className={buttonClassName('outline', 'sm')}
              aria-label={`Showing ${sectorNames} only; show every direction`}
            >
              {sectorNames}
              <X aria-hidden />
            </Link>
          ) : null}
        </CardHeader>
        <PostingsTable
          rows={rows}
          orgSlug={orgSlug}
          city={center.city}
          empty={
            selected.length
              ? `Nothing to the ${sectorNames} of ${center.city} within the radius.`
              : 'Nothing posted within the radius yet. New trucks and loads appear here as they are posted.'
          }
        />
      </Card>
    </>
  );
}

/** How many rows the list shows before "Show all". */
const FIRST_ROWS = 25;

function PostingRow({ result, orgSlug, city }: { result: RadiusResult; orgSlug: string; city: string }) {
  const truck = isTruckResult(result) ? result.truck : null;
  const load = isLoadResult(result) ? result.load : null;
  const highlight = useHighlight(truck ? 'trucks' : 'loads', truck?.id ?? load?.id ?? 0);
  const posting = (truck ?? load) as NonNullable<typeof truck | typeof load>;
  return (
    <TableRow
      data-truck-id={truck?.id}
      data-load-id={load?.id}
      data-highlighted={highlight ? 'true' : undefined}
      data-highlight-generation={highlight}
    >
      <TableCell>
        <span className="inline-flex items-center gap-1.5 text-xs font-medium">
          {truck ? (
            <span aria-hidden className="size-2.5 rounded-full bg-primary" />
          ) : (
            <span aria-hidden className="size-2.5 rotate-45 scale-90 bg-amber-500 dark:bg-amber-400" />
          )}
          {truck ? 'Truck' : 'Load'}
        </span>
      </TableCell>
      <TableCell>
        <DistanceCell miles={result.distance} />
      </TableCell>
      <TableCell>
        <DirectionText direction={result.direction} city={city} />
      </TableCell>
      <TableCell className="max-w-72">
        {truck ? (
          <TruckLink truck={truck} orgSlug={orgSlug} />
        ) : load ? (
          <LoadLink load={load} orgSlug={orgSlug} />
        ) : null}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {truck ? place(truck.truckCity, truck.truckState) : null}
      </TableCell>
      <TableCell className="whitespace-nowrap">{trailerTypeLabels[posting.trailerType]}</TableCell>
      <TableCell>
        <div className="flex flex-col gap-0.5">
          <span className="whitespace-nowrap tabular-nums">
            {formatCalendarDay(posting.availabilityDate)}
          </span>
          {truck ? <AvailabilityBadge available={truck.status} /> : null}
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap">{posting.dispatcherName}</TableCell>
    </TableRow>
  );
}

function PostingsTable({
  rows,
  orgSlug,
  city,
  empty,
}: {
  rows: RadiusResult[];
  orgSlug: string;
  city: string;
  /** What an empty list says. */
  empty: string;
}) {
  const [all, setAll] = useState(false);
  if (!rows.length) {
    return <p className="border-t border-border px-4 py-6 text-sm text-muted-foreground">{empty}</p>;
  }
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <>
      <div className="border-t border-border">
        <Table className="min-w-[50rem]">
          <TableCaption>Trucks and loads around {city}, nearest first</TableCaption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Kind</TableHead>
              <TableHead>Distance</TableHead>
              <TableHead>Direction</TableHead>
              <TableHead>Posting</TableHead>
              <TableHead>Truck at</TableHead>
              <TableHead>Trailer type</TableHead>
              <TableHead>Availability</TableHead>
              <TableHead>Dispatcher</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((result) => (
              <PostingRow
                key={isTruckResult(result) ? `t${result.truck.id}` : `l${(result as LoadResult).load.id}`}
                result={result}
                orgSlug={orgSlug}
                city={city}
              />
            ))}
          </TableBody>
        </Table>
      </div>
      {rows.length > FIRST_ROWS ? (
        <div className="border-t border-border px-4 py-2">
          <Button variant="ghost" size="sm" onClick={() => setAll((value) => !value)} aria-expanded={all}>
            {all ? 'Show fewer' : `Show all ${rows.length}`}
          </Button>
        </div>
      ) : null}
    </>
  );
}
