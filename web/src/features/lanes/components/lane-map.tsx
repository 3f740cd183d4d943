import type { GeoPoint, LaneSearchAnswer } from '@dispatch/domain';
import { useMemo } from 'react';
import {
  fitView,
  formatMiles,
  MAP_HEIGHT,
  MAP_WIDTH,
  nationOutline,
  projectPoint,
  radiusGeometry,
  stateBorders,
  useRenderedWidth,
  WHOLE_MAP,
} from '../../radius';

const DOT_RADIUS_PX = 5;

/**
 * The lane on the map of the radius pages: the origin's ring, the destination's (when the search has
 * one), the line between the two cities, and a dot at each result's origin.
 */
export function LaneMap({ answer }: { answer: LaneSearchAnswer }) {
  const { origin, destination } = answer;
  const rings = useMemo(
    () => ({
      origin: radiusGeometry(origin, origin.radius),
      destination: destination ? radiusGeometry(destination, destination.radius) : null,
    }),
    [origin, destination],
  );
  const { ref, width } = useRenderedWidth();
  const aspect = width < 560 ? 1 : MAP_WIDTH / MAP_HEIGHT;
  const bounds = [rings.origin?.bounds, rings.destination?.bounds].filter(
    (box): box is [number, number, number, number] => !!box,
  );
  const view = bounds.length
    ? fitView(
        Math.min(...bounds.map((box) => box[0])),
        Math.min(...bounds.map((box) => box[1])),
        Math.max(...bounds.map((box) => box[2])),
        Math.max(...bounds.map((box) => box[3])),
        0.12,
        aspect,
      )
    : WHOLE_MAP;
  const unit = view[2] / Math.max(width, 1);
  const from = projectPoint(origin);
  const to = destination ? projectPoint(destination) : null;
  const dots = answer.data
    .map((row) => projectPoint(row.origin as GeoPoint))
    .filter((point): point is [number, number] => !!point);
  const where = `${origin.city}, ${origin.state}`;
  const lane = destination
    ? `Map of the lane from within ${formatMiles(origin.radius)} of ${where} to within ${formatMiles(destination.radius)} of ${destination.city}, ${destination.state}`
    : `Map of the lane from within ${formatMiles(origin.radius)} of ${where} to anywhere`;
  // What the picture shows, in words: the dots are the results listed in the table beside it.
  const label = `${lane}: ${dots.length} ${dots.length === 1 ? 'result' : 'results'} shown at ${dots.length === 1 ? 'its origin' : 'their origins'}, as the table lists them`;
  return (
    <svg
      ref={ref}
      viewBox={view.join(' ')}
      role="img"
      aria-label={label}
      className="block h-auto w-full select-none"
      data-lane-map
    >
      <rect x={0} y={0} width={MAP_WIDTH} height={MAP_HEIGHT} className="fill-card" />
      <path
        d={nationOutline}
        className="fill-muted stroke-foreground/25"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      <path
        d={stateBorders}
        fill="none"
        className="stroke-foreground/20"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      {rings.origin ? (
        <path
          d={rings.origin.ring}
          className="fill-primary/10 stroke-primary/60"
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
      {rings.destination ? (
        <path
          d={rings.destination.ring}
          className="fill-amber-500/10 stroke-amber-600/70"
          strokeWidth={1.5}
          strokeDasharray="4 3"
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
      {from && to ? (
        <line
          x1={from[0]}
          y1={from[1]}
          x2={to[0]}
          y2={to[1]}
          className="stroke-foreground/60"
          strokeWidth={2}
          strokeDasharray="6 4"
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
      {dots.map((point, index) => (
        <circle
          // biome-ignore lint/suspicious/noArrayIndexKey: the dots follow the page's rows
          key={index}
          cx={point[0]}
          cy={point[1]}
          r={DOT_RADIUS_PX * unit}
          className="fill-primary stroke-card"
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {from ? (
        <circle cx={from[0]} cy={from[1]} r={DOT_RADIUS_PX * 0.8 * unit} className="fill-foreground" />
      ) : null}
      {to ? <circle cx={to[0]} cy={to[1]} r={DOT_RADIUS_PX * 0.8 * unit} className="fill-amber-600" /> : null}
    </svg>
  );
}
