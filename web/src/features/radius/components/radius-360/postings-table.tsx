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
import { isLoadResult, isTruckResult, type LoadResult, type RadiusResult } from '../../radius-results';
import { AvailabilityBadge, DirectionText, DistanceCell, LoadLink, place, TruckLink } from '../result-cells';

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
  if (!rows.length) {
    return <p className="border-t border-border px-4 py-6 text-sm text-muted-foreground">{empty}</p>;
  }
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <>
      <div className="border-t border-border">
        <Table className="min-w-[56rem]">
          <TableCaption>Trucks and loads around {city}, nearest first</TableCaption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Kind</TableHead>
              <TableHead>Distance</TableHead>
              <TableHead>Direction</TableHead>
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
