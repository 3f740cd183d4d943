import { type Direction, directionLabels } from '@dispatch/domain';
import { Link } from '@tanstack/react-router';
import { geoPath } from 'd3-geo';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesAtlas from 'us-atlas/states-albers-10m.json';
import { cn } from '../../../lib/cn';
import {
  fitView,
  MAP_HEIGHT,
  MAP_WIDTH,
  type MapPoint,
  projectPoint,
  radiusGeometry,
  WHOLE_MAP,
} from '../map-geometry';
import {
  formatMiles,
  type LoadResult,
  type RadiusResult,
  type Sector,
  type SectorCount,
  type TruckResult,
} from '../radius-results';
import type { Radius360Search } from '../radius-search';

const atlas = statesAtlas as unknown as Topology<{ states: GeometryCollection; nation: GeometryCollection }>;
// The atlas is projected already: its coordinates are the map's own (975 × 610).
const flat = geoPath();
const nationOutline = flat(feature(atlas, atlas.objects.nation)) ?? '';
const stateBorders = flat(mesh(atlas, atlas.objects.states, (a, b) => a !== b)) ?? '';

/** Screen pixels: dots and labels keep their size whatever the zoom. */
const DOT_RADIUS_PX = 6;
const LABEL_PX = 12;

/** The width the map is drawn at, in screen pixels: dots and labels keep their size whatever the zoom. */
function useRenderedWidth() {
  const ref = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(720);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width || 720);
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

interface Dot {
  key: string;
  kind: 'trucks' | 'loads';
  result: RadiusResult;
  at: MapPoint;
}

/** Postings at one place (a city) are fanned out around it, so each dot stays visible and clickable. */
function placeDots(
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

export interface UsRadiusMapProps {
  center: { city: string; state: string; latitude: number; longitude: number };
  search: Radius360Search;
  trucks: TruckResult[];
  loads: LoadResult[];
  counts: Record<Sector, SectorCount>;
  orgSlug: string;
  zoom: 'radius' | 'country';
  /** The search a click on a sector opens: narrowed to it, or back to all sectors. */
  sectorSearch: (direction: Direction) => Radius360Search;
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

/**
 * The all-around map: the states (us-atlas, drawn offline), the radius ring around the city, the
 * eight compass sectors with their counts (a click narrows the list to one), and a dot per posting,
 * trucks as circles and loads as diamonds, each a link to its posting.
 */
export function UsRadiusMap({
  center,
  search,
  trucks,
  loads,
  counts,
  orgSlug,
  zoom,
  sectorSearch,
}: UsRadiusMapProps) {
  const clipId = `radius-ring-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const geometry = useMemo(() => radiusGeometry(center, search.radius), [center, search.radius]);
  const { ref, width } = useRenderedWidth();
  // On a phone the view around the city is square, so the ring is drawn as large as the screen allows.
  const aspect = width < 560 ? 1 : MAP_WIDTH / MAP_HEIGHT;
  const view = zoom === 'radius' && geometry ? fitView(...geometry.bounds, 0.12, aspect) : WHOLE_MAP;
  const unit = view[2] / width;
  const radius = DOT_RADIUS_PX * unit;
  const selected = search.direction ?? [];
  const inSelection = (direction: Direction | null) =>
    selected.length === 0 || (direction !== null && selected.includes(direction));

  const dots = useMemo(
    () =>
      placeDots(
        [
          // Loads first, so trucks (the fewer, usually) are drawn on top.
          ...loads.map((result) => ({ kind: 'loads' as const, result, id: result.load.id })),
          ...trucks.map((result) => ({ kind: 'trucks' as const, result, id: result.truck.id })),
        ],
        radius * 1.7,
      ),
    [trucks, loads, radius],
  );

  return (
    <svg
      ref={ref}
      viewBox={view.join(' ')}
      className="block h-auto w-full touch-manipulation select-none"
      aria-label={`Map of the United States: ${trucks.length} trucks and ${loads.length} loads within ${formatMiles(search.radius)} of ${center.city}, ${center.state}`}
    >
      <defs>
        {geometry ? (
          <clipPath id={clipId}>
            <path d={geometry.ring} />
          </clipPath>
        ) : null}
      </defs>
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

      {geometry ? (
        <g>
          <path d={geometry.ring} className="fill-primary/8" />
          <g clipPath={`url(#${clipId})`}>
            {geometry.sectors.map((sector) => {
              const on = selected.includes(sector.direction);
              const count = counts[sector.direction];
              return (
                <Link
                  key={sector.direction}
                  from="/$orgSlug/radius-360/"
                  to="."
                  search={sectorSearch(sector.direction)}
                  aria-label={`${directionLabels[sector.direction]}: ${count.trucks} ${count.trucks === 1 ? 'truck' : 'trucks'}, ${count.loads} ${count.loads === 1 ? 'load' : 'loads'}${on ? ' (shown; click to show all)' : ''}`}
                  className="group outline-none"
                  data-sector={sector.direction}
                >
                  <path
                    d={sector.wedge}
                    className={cn(
                      'cursor-pointer transition-colors group-focus-visible:fill-primary/20',
                      on ? 'fill-primary/20' : 'fill-transparent hover:fill-primary/10',
                    )}
                  />
                </Link>
              );
            })}
            {geometry.edges.map((edge, index) => (
              <path
                // biome-ignore lint/suspicious/noArrayIndexKey: the eight edges never reorder
                key={index}
                d={edge}
                fill="none"
                className="pointer-events-none stroke-primary/35"
                strokeWidth={1}
                strokeDasharray="3 4"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </g>
          <path
            d={geometry.ring}
            fill="none"
            className="pointer-events-none stroke-primary"
            strokeWidth={1.5}
            strokeDasharray="6 4"
            vectorEffect="non-scaling-stroke"
          />
        </g>
      ) : null}

      <g>
        {dots.map((dot) => {
          const dimmed = !inSelection(dot.result.direction);
          const label = describeResult(dot.result, center.city);
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
              key={dot.key}
              {...link}
              aria-label={label}
              className={cn('group outline-none', dimmed && 'opacity-25')}
              data-map-dot={dot.kind}
              data-posting-id={
                isTruck ? (dot.result as TruckResult).truck.id : (dot.result as LoadResult).load.id
              }
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
        })}
      </g>

      {geometry ? (
        <g className="pointer-events-none">
          <CityMarker at={geometry.center} unit={unit} name={center.city} />
          {geometry.sectors.map((sector) => {
            if (!sector.label) return null;
            const count = counts[sector.direction];
            const total = count.trucks + count.loads;
            const on = selected.includes(sector.direction);
            const [x, y] = sector.label;
            const size = LABEL_PX * unit;
            const width = Math.max(String(total).length, 1) * size * 0.62 + size * 0.9;
            return (
              <g
                key={sector.direction}
                aria-hidden
                data-sector-count={sector.direction}
                className={total === 0 && !on ? 'opacity-50' : undefined}
              >
                <rect
                  x={x - width / 2}
                  y={y - size * 0.8}
                  width={width}
                  height={size * 1.6}
                  rx={size * 0.8}
                  className={on ? 'fill-primary' : 'fill-card stroke-primary/50'}
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                />
                <text
                  x={x}
                  y={y}
                  dy="0.35em"
                  textAnchor="middle"
                  fontSize={size}
                  className={cn(
                    'font-semibold tabular-nums',
                    on ? 'fill-primary-foreground' : 'fill-foreground',
                  )}
                >
                  {total}
                </text>
              </g>
            );
          })}
        </g>
      ) : null}
    </svg>
  );
}

/** The chosen city: a ringed point with its name. */
function CityMarker({ at, unit, name }: { at: MapPoint; unit: number; name: string }) {
  const [x, y] = at;
  return (
    <g aria-hidden>
      <circle
        cx={x}
        cy={y}
        r={4.5 * unit}
        className="fill-foreground stroke-card"
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
      <circle
        cx={x}
        cy={y}
        r={8 * unit}
        fill="none"
        className="stroke-foreground"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
      <text
        x={x + 11 * unit}
        y={y - 9 * unit}
        fontSize={12 * unit}
        className="fill-foreground stroke-card font-semibold"
        strokeWidth={3}
        paintOrder="stroke"
        strokeLinejoin="round"
        style={{ strokeWidth: 3 * unit }}
      >
        {name}
      </text>
    </g>
  );
}

/** The map's key: which shape is which. */
export function MapLegend({ radius }: { radius: number }) {
  const item = 'flex items-center gap-1.5';
  return (
    <ul aria-label="Map legend" className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted-foreground">
      <li className={item}>
        <svg viewBox="0 0 12 12" className="size-3" aria-hidden>
          <circle cx={6} cy={6} r={5} className="fill-primary" />
        </svg>
        Truck, available
      </li>
      <li className={item}>
        <svg viewBox="0 0 12 12" className="size-3" aria-hidden>
          <circle cx={6} cy={6} r={4.25} className="fill-card stroke-primary" strokeWidth={1.5} />
        </svg>
        Truck, not available
      </li>
      <li className={item}>
        <svg viewBox="0 0 12 12" className="size-3" aria-hidden>
          <rect
            x={2.2}
            y={2.2}
            width={7.6}
            height={7.6}
            transform="rotate(45 6 6)"
            className="fill-amber-500 dark:fill-amber-400"
          />
        </svg>
        Load (at its origin)
      </li>
      <li className={item}>
        <svg viewBox="0 0 12 12" className="size-3" aria-hidden>
          <circle cx={6} cy={6} r={2.5} className="fill-foreground" />
          <circle cx={6} cy={6} r={5} fill="none" className="stroke-foreground" strokeWidth={1.2} />
        </svg>
        The city
      </li>
      <li className={item}>
        <svg viewBox="0 0 16 12" className="h-3 w-4" aria-hidden>
          <line
            x1={0}
            y1={6}
            x2={16}
            y2={6}
            className="stroke-primary"
            strokeWidth={1.5}
            strokeDasharray="4 2"
          />
        </svg>
        {formatMiles(radius)} radius
      </li>
      <li className={item}>
        <span
          aria-hidden
          className="rounded-full border border-primary/50 px-1.5 text-[10px] leading-4 font-semibold text-foreground"
        >
          3
        </span>
        Postings in a sector
      </li>
    </ul>
  );
}
