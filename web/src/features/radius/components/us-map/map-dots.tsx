import { directionLabels } from '@dispatch/domain';
import { Link } from '@tanstack/react-router';
import { cn } from '../../../../lib/cn';
import { type MapPoint, projectPoint } from '../../map-geometry';
import { formatMiles, type LoadResult, type RadiusResult, type TruckResult } from '../../radius-results';

export interface Dot {
  key: string;
  kind: 'trucks' | 'loads';
  result: RadiusResult;
  at: MapPoint;
}

/** Postings at one place (a city) are fanned out around it, so each dot stays visible and clickable. */
export function placeDots(
  results: { kind: 'trucks' | 'loads'; result: RadiusResult; id: number }[],
  spread: number,
): Dot[] {
  const dots: Dot[] = [];
  const seen = new Map<string, number>();
  for (const { kind, result, id } of results) {
    const point = projectPoint(result.location);
    if (!point) continue;
    const place = `${point[0].toFixed(1)}|${point[1].toFixed(1)}`;
    const index = seen.get(place) ?? 0;
    seen.set(place, index + 1);
    const angle = index * 2.4;
    const distance = index === 0 ? 0 : spread * Math.sqrt(index);
    dots.push({
      key: `${kind}-${id}`,
      kind,
      result,
      at: [point[0] + distance * Math.cos(angle), point[1] + distance * Math.sin(angle)],
    });
  }
  return dots;
}

const describeResult = (result: RadiusResult, city: string) => {
  const where = result.direction ? `${directionLabels[result.direction]} of ${city}` : `in ${city}`;
  if ('truck' in result) {
    const truck = result.truck;
    return `Truck ${truck.truckName}, ${truck.truckCity}, ${truck.truckState}${truck.status ? '' : ' (not available)'}: ${formatMiles(result.distance)} ${where}`;
  }
  const load = result.load;
  return `Load ${load.originCity}, ${load.originState} to ${load.destinationCity}, ${load.destinationState}: ${formatMiles(result.distance)} ${where}`;
};

/** One posting on the map: a truck's circle or a load's diamond, a link to the posting. */
export function MapDot({
  dot,
  city,
  orgSlug,
  radius,
  dimmed,
}: {
  dot: Dot;
  city: string;
  orgSlug: string;
  /** The dot's size in the map's units. */
  radius: number;
  /** Outside the chosen sectors. */
  dimmed: boolean;
}) {
  const label = describeResult(dot.result, city);
  const [x, y] = dot.at;
  const isTruck = 'truck' in dot.result;
  const link = isTruck
    ? ({
        to: '/$orgSlug/trucks/edit/$id',
        params: { orgSlug, id: (dot.result as TruckResult).truck.id },
      } as const)
    : ({
        to: '/$orgSlug/loads/edit/$id',
        params: { orgSlug, id: (dot.result as LoadResult).load.id },
      } as const);
  return (
    <Link
      {...link}
      aria-label={label}
      className={cn('group outline-none', dimmed && 'opacity-25')}
      data-map-dot={dot.kind}
      data-posting-id={isTruck ? (dot.result as TruckResult).truck.id : (dot.result as LoadResult).load.id}
    >
      <title>{label}</title>
      {isTruck ? (
        <circle
          cx={x}
          cy={y}
          r={radius}
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
          className={cn(
            'cursor-pointer group-hover:stroke-foreground group-focus-visible:stroke-foreground',
            (dot.result as TruckResult).truck.status
              ? 'fill-primary stroke-card'
              : 'fill-card stroke-primary',
          )}
        />
      ) : (
        <rect
          x={x - radius * 0.85}
          y={y - radius * 0.85}
          width={radius * 1.7}
          height={radius * 1.7}
          transform={`rotate(45 ${x} ${y})`}
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
          className="cursor-pointer fill-amber-500 stroke-card group-hover:stroke-foreground group-focus-visible:stroke-foreground dark:fill-amber-400"
        />
      )}
    </Link>
  );
}
