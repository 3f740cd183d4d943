import { type Direction, directionLabels } from '@dispatch/domain';
import { Link } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { cn } from '../../../../lib/cn';
import { fitView, MAP_HEIGHT, MAP_WIDTH, radiusGeometry, WHOLE_MAP } from '../../map-geometry';
import {
  formatMiles,
  type LoadResult,
  type Sector,
  type SectorCount,
  type TruckResult,
} from '../../radius-results';
import type { Radius360Search } from '../../radius-search';
import { CityMarker } from './city-marker';
import { MapDot, placeDots } from './map-dots';
import { nationOutline, stateBorders } from './states-outline';
import { useRenderedWidth } from './use-rendered-width';

/** Screen pixels: dots and labels keep their size whatever the zoom. */
const DOT_RADIUS_PX = 6;
const LABEL_PX = 12;

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
        {dots.map((dot) => (
          <MapDot
            key={dot.key}
            dot={dot}
            city={center.city}
            orgSlug={orgSlug}
            radius={radius}
            dimmed={!inSelection(dot.result.direction)}
          />
        ))}
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
