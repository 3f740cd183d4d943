import { type Direction, directionLabels } from '@dispatch/domain';
import { Link } from '@tanstack/react-router';
import { cn } from '../../../../lib/cn';
import type { Sector, SectorCount } from '../../radius-results';
import type { Radius360Search } from '../../radius-search';

/** The compass as it is read: north on top. */
const layout: (Direction | 'CENTER')[] = [
  'NORTH_WEST',
  'NORTH',
  'NORTH_EAST',
  'WEST',
  'CENTER',
  'EAST',
  'SOUTH_WEST',
  'SOUTH',
  'SOUTH_EAST',
];

const short: Record<Direction, string> = {
  NORTH: 'N',
  NORTH_EAST: 'NE',
  EAST: 'E',
  SOUTH_EAST: 'SE',
  SOUTH: 'S',
  SOUTH_WEST: 'SW',
  WEST: 'W',
  NORTH_WEST: 'NW',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The eight compass sectors around the city with the trucks and loads in each, as links: one narrows
 * the list to its sector (the `direction` param), the middle one shows every sector again.
 */
export function CompassSectors({
  city,
  counts,
  search,
  sectorSearch,
  allSearch,
}: {
  city: string;
  counts: Record<Sector, SectorCount>;
  search: Radius360Search;
  sectorSearch: (direction: Direction) => Radius360Search;
  allSearch: Radius360Search;
}) {
  const selected = search.direction ?? [];
  return (
    <nav aria-label="Compass sectors" className="grid grid-cols-3 gap-1.5">
      {layout.map((sector) => {
        const count = counts[sector];
        if (sector === 'CENTER') {
          const on = selected.length === 0;
          return (
            <Link
              key={sector}
              from="/$orgSlug/radius-360/"
              to="."
              search={allSearch}
              aria-current={on ? 'true' : undefined}
              className={cn(
                'flex min-h-16 flex-col items-center justify-center rounded-full border text-center text-xs font-medium transition-colors',
                on
                  ? 'border-primary bg-primary/10 text-primary'
                  : 'border-border text-muted-foreground hover:bg-accent hover:text-foreground',
              )}
            >
              {/* Named by its text, which holds what it shows: "All sectors 2 here: 1 truck, 1 load in Chicago itself". */}
              <span>
                All<span className="sr-only"> sectors</span>
              </span>
              {count.trucks + count.loads ? (
                <span className="text-[11px] font-normal tabular-nums">
                  {' '}
                  {count.trucks + count.loads} here
                  <span className="sr-only">
                    : {plural(count.trucks, 'truck', 'trucks')}, {plural(count.loads, 'load', 'loads')} in{' '}
                    {city} itself
                  </span>
                </span>
              ) : null}
            </Link>
          );
        }
        const on = selected.includes(sector);
        const total = count.trucks + count.loads;
        return (
          <Link
            key={sector}
            from="/$orgSlug/radius-360/"
            to="."
            search={sectorSearch(sector)}
            aria-current={on ? 'true' : undefined}
            data-sector={sector}
            className={cn(
              'flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-md border px-1 py-1.5 text-center transition-colors',
              on ? 'border-primary bg-primary/10 text-foreground' : 'border-border hover:bg-accent',
              total === 0 && !on && 'text-muted-foreground',
            )}
          >
            {/* Named by its text, which holds the visible abbreviation: "North West (NW): 1 truck, 0 loads". */}
            <span className="text-xs font-semibold">
              <span className="sr-only">{directionLabels[sector]} (</span>
              {short[sector]}
              <span className="sr-only">
                ): {plural(count.trucks, 'truck', 'trucks')}, {plural(count.loads, 'load', 'loads')}
              </span>
            </span>
            <span className="flex items-center gap-1.5 text-[11px] tabular-nums" aria-hidden>
              <span className="inline-flex items-center gap-0.5">
                <span className="size-2 rounded-full bg-primary" />
                {count.trucks}
              </span>
              <span className="inline-flex items-center gap-0.5">
                <span className="size-2 rotate-45 bg-amber-500 dark:bg-amber-400" />
                {count.loads}
              </span>
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
