import { productLabels, trailerTypeLabels } from '@dispatch/domain';
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
import { ContactCell } from '../../board/board-cells';
import { useHighlight } from '../../live/highlights';
import { formatRate } from '../../loads/rate-format';
import type { LoadResult, TruckResult } from '../radius-results';
import { AvailabilityBadge, DirectionText, DistanceCell, LoadLink, place, TruckLink } from './result-cells';

function TruckResultRow({ result, orgSlug, city }: { result: TruckResult; orgSlug: string; city: string }) {
  const { truck } = result;
  const highlight = useHighlight('trucks', truck.id);
  return (
    <TableRow
      data-truck-id={truck.id}
      data-highlighted={highlight ? 'true' : undefined}
      data-highlight-generation={highlight}
    >
      <TableCell>
        <DistanceCell miles={result.distance} />
      </TableCell>
      <TableCell>
        <DirectionText direction={result.direction} city={city} />
      </TableCell>
      <TableCell className="max-w-64">
        <TruckLink truck={truck} orgSlug={orgSlug} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{trailerTypeLabels[truck.trailerType]}</TableCell>
      <TableCell className="whitespace-nowrap">{place(truck.truckCity, truck.truckState)}</TableCell>
      <TableCell>
        <div className="flex flex-col gap-0.5">
          <span className="whitespace-nowrap tabular-nums">{formatCalendarDay(truck.availabilityDate)}</span>
          <AvailabilityBadge available={truck.status} />
        </div>
      </TableCell>
      <TableCell>
        <ContactCell
          name={truck.dispatcherName}
          countryCode={truck.dispatcherCountryCode}
          number={truck.dispatcherMobileNumber}
        />
      </TableCell>
    </TableRow>
  );
}

function Rates({ load }: { load: LoadResult['load'] }) {
  const rows = [
    ['Titan', formatRate(load.rateForTitan, load.rateForTitanUnit)],
    ['Carrier', formatRate(load.rateForCarrier, load.rateForCarrierUnit)],
  ] as const;
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs whitespace-nowrap">
      {rows.map(([who, rate]) => (
        <div key={who} className="contents">
          <dt className="text-muted-foreground">{who}</dt>
          <dd className="tabular-nums">
            {rate ? (
              <>
                <span className="font-medium text-foreground">{rate.amount}</span>{' '}
                <span className="text-muted-foreground">{rate.unit}</span>
              </>
            ) : (
              <span className="text-muted-foreground">Not set</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function LoadResultRow({ result, orgSlug, city }: { result: LoadResult; orgSlug: string; city: string }) {
  const { load } = result;
  const highlight = useHighlight('loads', load.id);
  return (
    <TableRow
      data-load-id={load.id}
      data-highlighted={highlight ? 'true' : undefined}
      data-highlight-generation={highlight}
    >
      <TableCell>
        <DistanceCell miles={result.distance} />
      </TableCell>
      <TableCell>
        <DirectionText direction={result.direction} city={city} />
      </TableCell>
      <TableCell>
        <LoadLink load={load} orgSlug={orgSlug} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{trailerTypeLabels[load.trailerType]}</TableCell>
      <TableCell className="whitespace-nowrap">{productLabels[load.product]}</TableCell>
      <TableCell>
        <Rates load={load} />
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {formatCalendarDay(load.availabilityDate)}
      </TableCell>
      <TableCell>
        <ContactCell
          name={load.dispatcherName}
          countryCode={load.dispatcherCountryCode}
          number={load.dispatcherMobileNumber}
        />
      </TableCell>
    </TableRow>
  );
}

export function TruckResultsTable({
  results,
  orgSlug,
  city,
}: {
  results: TruckResult[];
  orgSlug: string;
  /** The chosen city's name, for a truck right in it. */
  city: string;
}) {
  return (
    <Table className="min-w-[52rem]">
      <TableCaption>Trucks around {city}, nearest first</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Distance</TableHead>
          <TableHead>Direction</TableHead>
          <TableHead>Truck</TableHead>
          <TableHead>Trailer type</TableHead>
          <TableHead>Location</TableHead>
          <TableHead>Availability</TableHead>
          <TableHead>Dispatcher</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {results.map((result) => (
          <TruckResultRow key={result.truck.id} result={result} orgSlug={orgSlug} city={city} />
        ))}
      </TableBody>
    </Table>
  );
}

export function LoadResultsTable({
  results,
  orgSlug,
  city,
  around,
}: {
  results: LoadResult[];
  orgSlug: string;
  city: string;
  around: 'origin' | 'destination';
}) {
  return (
    <Table className="min-w-[60rem]">
      <TableCaption>
        Loads whose {around} is around {city}, nearest first
      </TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Distance</TableHead>
          <TableHead>Direction</TableHead>
          <TableHead>Route</TableHead>
          <TableHead>Trailer type</TableHead>
          <TableHead>Product</TableHead>
          <TableHead>Rates</TableHead>
          <TableHead>Availability</TableHead>
          <TableHead>Dispatcher</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {results.map((result) => (
          <LoadResultRow key={result.load.id} result={result} orgSlug={orgSlug} city={city} />
        ))}
      </TableBody>
    </Table>
  );
}
