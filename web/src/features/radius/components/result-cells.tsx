import { type Direction, directionLabels, type Load, type Truck } from '@dispatch/domain';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatMiles } from '../radius-results';

/** Distance from the chosen city, as the API rounds it. */
export function DistanceCell({ miles }: { miles: number }) {
  return <span className="font-medium whitespace-nowrap tabular-nums">{formatMiles(miles)}</span>;
}

/** The compass point of a result from the chosen city ("North East"), or the city itself. */
export function DirectionText({ direction, city }: { direction: Direction | null; city: string }) {
  return direction ? (
    <span className="whitespace-nowrap">{directionLabels[direction]}</span>
  ) : (
    <span className="whitespace-nowrap text-muted-foreground">In {city}</span>
  );
}

const place = (city: string | null | undefined, state: string | null | undefined) =>
  [city, state].filter(Boolean).join(', ');

/** A truck's name, linking to its edit page, over its unit and company. */
export function TruckLink({
  truck,
  orgSlug,
  className,
}: {
  truck: Truck;
  orgSlug: string;
  className?: string;
}) {
  const details = [truck.unitNumber && `Unit ${truck.unitNumber}`, truck.companyName]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className={cn('flex min-w-0 flex-col', className)}>
      <Link
        to="/$orgSlug/trucks/edit/$id"
        params={{ orgSlug, id: truck.id }}
        className="truncate font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
      >
        {truck.truckName}
      </Link>
      {details ? <span className="truncate text-xs text-muted-foreground">{details}</span> : null}
    </div>
  );
}

/** A load's route, linking to its edit page: origin over destination. */
export function LoadLink({ load, orgSlug, className }: { load: Load; orgSlug: string; className?: string }) {
  return (
    <Link
      to="/$orgSlug/loads/edit/$id"
      params={{ orgSlug, id: load.id }}
      className={cn(
        'group flex min-w-0 flex-col whitespace-nowrap underline-offset-4 hover:text-primary',
        className,
      )}
      aria-label={`The load ${place(load.originCity, load.originState)} to ${place(load.destinationCity, load.destinationState)}`}
    >
      <span className="truncate font-medium group-hover:underline">
        {place(load.originCity, load.originState)}
      </span>
      <span className="flex items-center gap-1 truncate text-muted-foreground">
        <ArrowRight className="size-3.5 shrink-0" aria-hidden />
        {place(load.destinationCity, load.destinationState)}
      </span>
    </Link>
  );
}

/** Available or not: a dot and a word. */
export function AvailabilityBadge({ available }: { available: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 text-xs whitespace-nowrap',
        available ? 'font-medium text-success' : 'text-muted-foreground',
      )}
    >
      <span
        aria-hidden
        className={cn('size-1.5 rounded-full', available ? 'bg-success' : 'bg-muted-foreground/60')}
      />
      {available ? 'Available' : 'Not available'}
    </span>
  );
}

export { place };
