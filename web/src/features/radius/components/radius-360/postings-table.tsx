import { trailerTypeLabels } from '@dispatch/domain';
import { useState } from 'react';
import { RateCell } from '../../../../components/board/rate-cell';
import { Button } from '../../../../components/ui/button';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../../components/ui/table';
import { formatCalendarDay } from '../../../../lib/dates';
import { useHighlight } from '../../../../lib/highlights';
import { PHONE_QUERY, useMediaQuery } from '../../../../lib/use-media-query';
import { isLoadResult, isTruckResult, type LoadResult, type RadiusResult } from '../../radius-results';
import { LoadResultCard, TruckResultCard } from '../radius-results-table';
import { AvailabilityBadge, DirectionText, DistanceCell, LoadLink, place, TruckLink } from '../result-cells';

/** How many rows the list shows before "Show all". */
const FIRST_ROWS = 25;

/** A truck's dot or a load's diamond, as on the map, with its word for a screen reader. */
function KindMark({ truck }: { truck: boolean }) {
  return (
    <span className="mt-1.5 inline-flex shrink-0">
      {truck ? (
        <span aria-hidden className="size-2.5 rounded-full bg-primary" />
      ) : (
        <span aria-hidden className="size-2.5 rotate-45 scale-90 bg-amber-500 dark:bg-amber-400" />
      )}
      <span className="sr-only">{truck ? 'Truck' : 'Load'}</span>
    </span>
  );
}

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
        <div className="flex flex-col gap-0.5">
          <DistanceCell miles={result.distance} />
          <span className="text-xs text-muted-foreground">
            <DirectionText direction={result.direction} city={city} />
          </span>
        </div>
      </TableCell>
      <TableCell className="max-w-72">
        <div className="flex items-start gap-2">
          <KindMark truck={Boolean(truck)} />
          {truck ? (
            <TruckLink truck={truck} orgSlug={orgSlug} />
          ) : load ? (
            <LoadLink load={load} orgSlug={orgSlug} />
          ) : null}
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {truck ? place(truck.truckCity, truck.truckState) : null}
      </TableCell>
      <TableCell className="whitespace-nowrap">{trailerTypeLabels[posting.trailerType]}</TableCell>
      <TableCell className="whitespace-nowrap">
        {load ? <RateCell rate={load.rateForTitan} unit={load.rateForTitanUnit} /> : null}
      </TableCell>
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

const keyOf = (result: RadiusResult) =>
  isTruckResult(result) ? `t${result.truck.id}` : `l${(result as LoadResult).load.id}`;

/** A posting as a card on a phone, flashing as its row does when someone changes it. */
function PostingCardItem({ result, orgSlug, city }: { result: RadiusResult; orgSlug: string; city: string }) {
  const truck = isTruckResult(result) ? result : null;
  const load = isLoadResult(result) ? result : null;
  const highlight = useHighlight(truck ? 'trucks' : 'loads', truck?.truck.id ?? load?.load.id ?? 0);
  return (
    <li
      data-truck-id={truck?.truck.id}
      data-load-id={load?.load.id}
      data-highlighted={highlight ? 'true' : undefined}
      data-highlight-generation={highlight}
    >
      {truck ? (
        <TruckResultCard result={truck} orgSlug={orgSlug} city={city} />
      ) : load ? (
        <LoadResultCard result={load} orgSlug={orgSlug} city={city} />
      ) : null}
    </li>
  );
}

/** The trucks and loads around the city, nearest first: the first rows, then "Show all". */
export function PostingsTable({
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
  // A phone gets the cards the radius results show, a wider window the table: one of the two, never both.
  const phone = useMediaQuery(PHONE_QUERY);
  if (!rows.length) {
    return <p className="border-t border-border px-4 py-6 text-sm text-muted-foreground">{empty}</p>;
  }
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <>
      {phone ? (
        <ul
          aria-label={`Trucks and loads around ${city}, nearest first`}
          className="divide-y divide-border border-t border-border"
          data-grid-cards
        >
          {shown.map((result) => (
            <PostingCardItem key={keyOf(result)} result={result} orgSlug={orgSlug} city={city} />
          ))}
        </ul>
      ) : (
        <div className="border-t border-border">
          <Table className="min-w-[56rem]">
            <TableCaption>Trucks and loads around {city}, nearest first</TableCaption>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Distance</TableHead>
                <TableHead>Posting</TableHead>
                <TableHead>Truck at</TableHead>
                <TableHead>Trailer type</TableHead>
                <TableHead>Our rate</TableHead>
                <TableHead>Availability</TableHead>
                <TableHead>Dispatcher</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((result) => (
                <PostingRow key={keyOf(result)} result={result} orgSlug={orgSlug} city={city} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
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
