import { directionLabels, formatPhone, productLabels, trailerTypeLabels } from '@dispatch/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useMemo } from 'react';
import { ContactCell, PhoneLink } from '../../../components/board/board-cells';
import { DataGrid, type GridColumn } from '../../../components/board/data-grid/data-grid';
import { PostingCard, RouteLine, touchTargets } from '../../../components/board/posting-card';
import { RateCell } from '../../../components/board/rate-cell';
import { formatCalendarDay } from '../../../lib/dates';
import { formatRate } from '../../../lib/money';
import { formatMiles, type LoadResult, type TruckResult } from '../radius-results';
import { AvailabilityBadge, DirectionText, DistanceCell, place } from './result-cells';

/** The grid's frame: it scrolls inside, below the search form, with its head in view. */
const frame = 'max-h-[calc(100dvh-8rem)] md:max-h-[calc(100dvh-14rem)]';
const linkClass = 'font-medium text-foreground underline-offset-4 hover:text-primary hover:underline';

const directionTitle = (direction: TruckResult['direction'], city: string) =>
  direction ? directionLabels[direction] : `In ${city}`;

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
  const navigate = useNavigate();
  const columns = useMemo<GridColumn<TruckResult>[]>(
    () => [
      {
        id: 'distance',
        label: 'Distance',
        hideable: false,
        width: 'w-20',
        title: (result) => formatMiles(result.distance),
        cell: (result) => <DistanceCell miles={result.distance} />,
      },
      {
        id: 'direction',
        label: 'Direction',
        width: 'w-20',
        title: (result) => directionTitle(result.direction, city),
        cell: (result) => <DirectionText direction={result.direction} city={city} />,
      },
      {
        id: 'truck',
        label: 'Truck',
        hideable: false,
        width: 'w-40',
        title: ({ truck }) =>
          [truck.truckName, truck.unitNumber && `Unit ${truck.unitNumber}`, truck.companyName]
            .filter(Boolean)
            .join(' · '),
        cell: ({ truck }) => (
          <>
            <Link to="/$orgSlug/trucks/edit/$id" params={{ orgSlug, id: truck.id }} className={linkClass}>
              {truck.truckName}
            </Link>
            {truck.unitNumber || truck.companyName ? (
              <span className="text-xs text-muted-foreground">
                {' · '}
                {[truck.unitNumber && `Unit ${truck.unitNumber}`, truck.companyName]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            ) : null}
          </>
        ),
      },
      {
        id: 'trailerType',
        label: 'Trailer type',
        width: 'w-24',
        title: ({ truck }) => trailerTypeLabels[truck.trailerType],
        cell: ({ truck }) => trailerTypeLabels[truck.trailerType],
      },
      {
        id: 'location',
        label: 'Location',
        width: 'w-32',
        title: ({ truck }) => place(truck.truckCity, truck.truckState),
        cell: ({ truck }) => place(truck.truckCity, truck.truckState),
      },
      {
        id: 'availability',
        label: 'Availability',
        width: 'w-44',
        cell: ({ truck }) => (
          <>
            <span className="tabular-nums">{formatCalendarDay(truck.availabilityDate)}</span>{' '}
            <AvailabilityBadge available={truck.status} />
          </>
        ),
      },
      {
        id: 'dispatcherPhone',
        label: 'Phone',
        width: 'w-24',
        title: ({ truck }) =>
          `${truck.dispatcherName} ${formatPhone(truck.dispatcherCountryCode, truck.dispatcherMobileNumber)}`,
        cell: ({ truck }) => (
          <PhoneLink countryCode={truck.dispatcherCountryCode} number={truck.dispatcherMobileNumber} />
        ),
      },
      {
        id: 'dispatcher',
        label: 'Dispatcher',
        hiddenByDefault: true,
        width: 'w-52',
        title: ({ truck }) =>
          `${truck.dispatcherName} ${truck.dispatcherCountryCode} ${truck.dispatcherMobileNumber}`,
        cell: ({ truck }) => (
          <ContactCell
            name={truck.dispatcherName}
            countryCode={truck.dispatcherCountryCode}
            number={truck.dispatcherMobileNumber}
          />
        ),
      },
    ],
    [orgSlug, city],
  );
  return (
    <DataGrid<TruckResult>
      gridId="radius-trucks"
      caption={`Trucks around ${city}, nearest first`}
      columns={columns}
      rows={results}
      rowKey={(result) => String(result.truck.id)}
      rowAttributes={(result) => ({ 'data-truck-id': result.truck.id })}
      highlight={{ kind: 'trucks', id: (result) => result.truck.id }}
      keyboard
      className={frame}
      onOpen={({ truck }) =>
        void navigate({ to: '/$orgSlug/trucks/edit/$id', params: { orgSlug, id: truck.id } })
      }
      card={(result) => <TruckResultCard result={result} orgSlug={orgSlug} city={city} />}
    />
  );
}

/** A load's two rates by role: "Our rate $1.10 / bushel", "Carrier rate not set". */
const ratesOf = (load: LoadResult['load']) =>
  [
    ['Our rate', formatRate(load.rateForTitan, load.rateForTitanUnit)],
    ['Carrier rate', formatRate(load.rateForCarrier, load.rateForCarrierUnit)],
  ] as const;

const ratesTitle = (load: LoadResult['load']) =>
  ratesOf(load)
    .map(([who, rate]) => `${who} ${rate ? `${rate.amount} ${rate.unit}` : 'not set'}`)
    .join(' · ');

function Rates({ load }: { load: LoadResult['load'] }) {
  const rows = ratesOf(load);
  return (
    <span className="text-xs">
      {rows.map(([who, rate], index) => (
        <span key={who}>
          {index > 0 ? <span className="text-muted-foreground"> · </span> : null}
          <span className="text-muted-foreground">{who}</span>{' '}
          {rate ? (
            <span className="tabular-nums">
              <span className="font-medium text-foreground">{rate.amount}</span>{' '}
              <span className="text-muted-foreground">{rate.unit}</span>
            </span>
          ) : (
            <span className="text-muted-foreground">not set</span>
          )}
        </span>
      ))}
    </span>
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
  const navigate = useNavigate();
  const columns = useMemo<GridColumn<LoadResult>[]>(
    () => [
      {
        id: 'distance',
        label: 'Distance',
        hideable: false,
        width: 'w-20',
        title: (result) => formatMiles(result.distance),
        cell: (result) => <DistanceCell miles={result.distance} />,
      },
      {
        id: 'direction',
        label: 'Direction',
        width: 'w-20',
        title: (result) => directionTitle(result.direction, city),
        cell: (result) => <DirectionText direction={result.direction} city={city} />,
      },
      {
        id: 'route',
        label: 'Route',
        hideable: false,
        width: 'w-56',
        title: ({ load }) =>
          `${place(load.originCity, load.originState)} to ${place(load.destinationCity, load.destinationState)}`,
        cell: ({ load }) => (
          <Link
            to="/$orgSlug/loads/edit/$id"
            params={{ orgSlug, id: load.id }}
            className={linkClass}
            aria-label={`The load ${place(load.originCity, load.originState)} to ${place(load.destinationCity, load.destinationState)}`}
          >
            {place(load.originCity, load.originState)}
            <ArrowRight className="mx-1 inline size-3.5 align-[-2px] text-muted-foreground" aria-hidden />
            {place(load.destinationCity, load.destinationState)}
          </Link>
        ),
      },
      {
        id: 'trailerType',
        label: 'Trailer type',
        width: 'w-24',
        title: ({ load }) => trailerTypeLabels[load.trailerType],
        cell: ({ load }) => trailerTypeLabels[load.trailerType],
      },
      {
        id: 'product',
        label: 'Product',
        hiddenByDefault: true,
        width: 'w-24',
        title: ({ load }) => productLabels[load.product],
        cell: ({ load }) => productLabels[load.product],
      },
      {
        id: 'rateForTitan',
        label: 'Our rate',
        width: 'w-24',
        title: ({ load }) => ratesTitle(load),
        cell: ({ load }) => <RateCell rate={load.rateForTitan} unit={load.rateForTitanUnit} />,
      },
      {
        id: 'rates',
        label: 'Rates',
        hiddenByDefault: true,
        width: 'w-72',
        title: ({ load }) => ratesTitle(load),
        cell: ({ load }) => <Rates load={load} />,
      },
      {
        id: 'availability',
        label: 'Availability',
        width: 'w-24 tabular-nums',
        cell: ({ load }) => formatCalendarDay(load.availabilityDate),
      },
      {
        id: 'dispatcherPhone',
        label: 'Phone',
        width: 'w-24',
        title: ({ load }) =>
          `${load.dispatcherName} ${formatPhone(load.dispatcherCountryCode, load.dispatcherMobileNumber)}`,
        cell: ({ load }) => (
          <PhoneLink countryCode={load.dispatcherCountryCode} number={load.dispatcherMobileNumber} />
        ),
      },
      {
        id: 'dispatcher',
        label: 'Dispatcher',
        hiddenByDefault: true,
        width: 'w-52',
        title: ({ load }) =>
          `${load.dispatcherName} ${load.dispatcherCountryCode} ${load.dispatcherMobileNumber}`,
        cell: ({ load }) => (
          <ContactCell
            name={load.dispatcherName}
            countryCode={load.dispatcherCountryCode}
            number={load.dispatcherMobileNumber}
          />
        ),
      },
    ],
    [orgSlug, city],
  );
  return (
    <DataGrid<LoadResult>
      gridId="radius-loads"
      caption={`Loads whose ${around} is around ${city}, nearest first`}
      columns={columns}
      rows={results}
      rowKey={(result) => String(result.load.id)}
      rowAttributes={(result) => ({ 'data-load-id': result.load.id })}
      highlight={{ kind: 'loads', id: (result) => result.load.id }}
      keyboard
      className={frame}
      onOpen={({ load }) =>
        void navigate({ to: '/$orgSlug/loads/edit/$id', params: { orgSlug, id: load.id } })
      }
      card={(result) => <LoadResultCard result={result} orgSlug={orgSlug} city={city} />}
    />
  );
}

/** A truck found around a city, as a card on a phone: the radius results and Radius 360 show it. */
export function TruckResultCard({
  result: { truck, distance, direction },
  orgSlug,
  city,
}: {
  result: TruckResult;
  orgSlug: string;
  city: string;
}) {
  return (
    <PostingCard
      title={truck.truckName}
      open={{ to: '/$orgSlug/trucks/edit/$id', params: { orgSlug, id: truck.id } }}
      aside={
        <>
          <DistanceCell miles={distance} />
          &nbsp;
          <DirectionText direction={direction} city={city} />
        </>
      }
      route={
        <RouteLine
          from={place(truck.truckCity, truck.truckState)}
          to={place(truck.preferedCity, truck.preferedState) || 'Anywhere'}
        />
      }
      facts={[
        <span key="date" className="tabular-nums" data-card-date>
          {formatCalendarDay(truck.availabilityDate)}
        </span>,
        <AvailabilityBadge key="status" available={truck.status} />,
        trailerTypeLabels[truck.trailerType],
        <span key="phone" className={touchTargets}>
          <PhoneLink countryCode={truck.dispatcherCountryCode} number={truck.dispatcherMobileNumber} />
        </span>,
      ]}
    />
  );
}

/** A load found around a city, as a card on a phone: the radius results and Radius 360 show it. */
export function LoadResultCard({
  result: { load, distance, direction },
  orgSlug,
  city,
}: {
  result: LoadResult;
  orgSlug: string;
  city: string;
}) {
  return (
    <PostingCard
      title={
        <RouteLine
          from={place(load.originCity, load.originState)}
          to={place(load.destinationCity, load.destinationState)}
        />
      }
      open={{ to: '/$orgSlug/loads/edit/$id', params: { orgSlug, id: load.id } }}
      aside={
        <>
          <DistanceCell miles={distance} />
          &nbsp;
          <DirectionText direction={direction} city={city} />
        </>
      }
      facts={[
        <span key="date" className="tabular-nums" data-card-date>
          {formatCalendarDay(load.availabilityDate)}
        </span>,
        <RateCell key="rate" rate={load.rateForTitan} unit={load.rateForTitanUnit} />,
        trailerTypeLabels[load.trailerType],
      ]}
    />
  );
}
