import { type Direction, directionLabels, type RadiusSearchAnswer } from '@dispatch/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Maximize2, Minimize2, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { projectPoint } from '../../map-geometry';
import {
  countBySector,
  formatMiles,
  isLoadResult,
  isTruckResult,
  matchTrucksToLoads,
  nearestFirst,
} from '../../radius-results';
import { RADIUS_360_LIMIT, type Radius360Search } from '../../radius-search';
import { MapLegend } from '../us-map/map-legend';
import { UsRadiusMap } from '../us-map/us-radius-map';
import { CompassSectors } from './compass-sectors';
import { LoadMatchesList } from './load-matches';
import { PostingsTable } from './postings-table';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

/**
 * What Radius 360 shows of one place: how many trucks and loads lie around it, the map, the compass
 * sectors, the matches and the list, nearest first.
 */
export function AllAround({
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
    </>
  );
}
