import {
  directionLabels,
  directions,
  productLabels,
  products,
  trailerTypeLabels,
  trailerTypes,
} from '@dispatch/domain';
import { FilterX, SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { activeFilterCount, type BoardFilters } from '../../../components/board/board-search';
import { DateFilter } from '../../../components/board/date-filter';
import { ChoiceChips, FilterField, RangeFilter, TextFilter } from '../../../components/board/filter-controls';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { CreatorFilter } from '../../organizations';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The filters a board offers beyond those every board has (search, trailer type, creator, dates). */
export interface FilterBarControls {
  /** What `search` matches, e.g. "Truck name". */
  searchLabel: string;
  status?: boolean;
  direction?: boolean;
  unitNumber?: boolean;
  product?: boolean;
  /** The loads board's ranges it offers: trip miles, rate per mile, and the margin for those who see it. */
  ranges?: readonly ('tripMiles' | 'ratePerMile' | 'margin')[];
}

/** The maximum ages offered, in hours: the lists take 1 to 720 (30 days). */
const maxAges = [
  { hours: 1, label: 'Last hour' },
  { hours: 4, label: 'Last 4 hours' },
  { hours: 12, label: 'Last 12 hours' },
  { hours: 24, label: 'Last 24 hours' },
  { hours: 72, label: 'Last 3 days' },
  { hours: 168, label: 'Last 7 days' },
] as const;

/** Each range's label, unit and parameters. */
const rangeControls = {
  tripMiles: { label: 'Trip miles', unit: 'est. mi', min: 'minTripMiles', max: 'maxTripMiles' },
  ratePerMile: { label: 'Rate per mile', unit: '$/mi', min: 'minRatePerMile', max: 'maxRatePerMile' },
  margin: { label: 'Margin', unit: '$', min: 'minMargin', max: 'maxMargin' },
} as const;

export interface FilterBarProps {
  organizationId: string;
  controls: FilterBarControls;
  value: BoardFilters;
  /** Called with the filters that changed (undefined clears one); the board goes back to page 0. */
  onChange: (changes: Partial<BoardFilters>) => void;
  onClear: () => void;
  /** Shown at the right of the bar (the board's totals). */
  aside?: ReactNode;
}

/** The attribute of the board's search box, which `/` focuses. */
export const BOARD_SEARCH_ATTRIBUTE = 'data-board-search';

/**
 * The filter bar of a trucks or loads board: the search box, and the other filters behind a
 * "Filters" button that counts the ones set, so the rows start high on the page. It holds no
 * filter of its own: they live in the page's URL search params, so a filtered board can be shared,
 * bookmarked and reloaded.
 */
export function FilterBar({ organizationId, controls, value, onChange, onClear, aside }: FilterBarProps) {
  const statusId = useId();
  const maxAgeId = useId();
  const panelId = useId();
  const active = activeFilterCount(value);
  // Open on arrival when a filter other than the search is set (a shared link), so it shows.
  const [open, setOpen] = useState(() => activeFilterCount({ ...value, search: undefined }) > 0);
  const change = useCallback((changes: Partial<BoardFilters>) => onChange(changes), [onChange]);
  const setSearch = useCallback((search: string | undefined) => change({ search }), [change]);
  const setUnitNumber = useCallback((unitNumber: string | undefined) => change({ unitNumber }), [change]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a div with the role, as every browser and assistive tool knows it
    <div className="flex min-w-0 flex-col gap-2" role="search" aria-label="Filters">
      <div className="flex flex-wrap items-center gap-2">
        <div className="w-full sm:w-64" {...{ [BOARD_SEARCH_ATTRIBUTE]: '' }}>
          <TextFilter
            label={`Search ${controls.searchLabel.toLowerCase()}`}
            placeholder={`Search ${controls.searchLabel.toLowerCase()} (press /)`}
            hideLabel
            icon
            className="h-8"
            value={value.search}
            onChange={setSearch}
          />
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((current) => !current)}
          className={cn(open && 'bg-accent')}
        >
          <SlidersHorizontal aria-hidden />
          Filters
          {active > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-[11px] leading-4 font-semibold text-primary-foreground tabular-nums">
              <span className="sr-only">, </span>
              {active}
              <span className="sr-only"> set</span>
            </span>
          ) : null}
        </Button>
        {active > 0 ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <FilterX aria-hidden />
            {`Clear ${active === 1 ? 'filter' : `${active} filters`}`}
          </Button>
        ) : null}
        {aside ? <div className="min-w-0 sm:ml-auto">{aside}</div> : null}
      </div>
      {open ? (
        <Card id={panelId} className="flex flex-col gap-3 px-4 py-3">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {controls.unitNumber ? (
              <TextFilter label="Unit number" value={value.unitNumber} onChange={setUnitNumber} />
            ) : null}
            {controls.status ? (
              <FilterField label="Status" htmlFor={statusId}>
                <Select
                  id={statusId}
                  value={value.status ?? ''}
                  onChange={(event) =>
                    change({ status: (event.target.value || undefined) as BoardFilters['status'] })
                  }
                >
                  <option value="">Any status</option>
                  <option value="true">Available</option>
                  <option value="false">Not available</option>
                </Select>
              </FilterField>
            ) : null}
            <FilterField label="Posted or refreshed" htmlFor={maxAgeId}>
              <Select
                id={maxAgeId}
                value={value.maxAgeHours === undefined ? '' : String(value.maxAgeHours)}
                onChange={(event) =>
                  change({ maxAgeHours: event.target.value ? Number(event.target.value) : undefined })
                }
              >
                <option value="">Any time</option>
                {/* A shared link's own age (any the lists take) shows as itself. */}
                {value.maxAgeHours !== undefined &&
                !maxAges.some(({ hours }) => hours === value.maxAgeHours) ? (
                  <option value={String(value.maxAgeHours)}>Last {value.maxAgeHours} hours</option>
                ) : null}
                {maxAges.map(({ hours, label }) => (
                  <option key={hours} value={String(hours)}>
                    {label}
                  </option>
                ))}
              </Select>
            </FilterField>
            <CreatorFilter
              organizationId={organizationId}
              value={value.createdBy}
              onChange={(createdBy) => change({ createdBy })}
            />
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-3">
            <ChoiceChips
              label="Trailer type"
              options={options(trailerTypes, trailerTypeLabels)}
              selected={value.trailerType}
              onChange={(trailerType) => change({ trailerType })}
            />
            {controls.product ? (
              <ChoiceChips
                label="Product"
                options={options(products, productLabels)}
                selected={value.product}
                onChange={(product) => change({ product })}
              />
            ) : null}
            {controls.direction ? (
              <ChoiceChips
                label="Direction"
                options={options(directions, directionLabels)}
                selected={value.direction}
                onChange={(direction) => change({ direction })}
              />
            ) : null}
          </div>
          {controls.ranges?.length ? (
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {controls.ranges.map((range) => {
                const { label, unit, min, max } = rangeControls[range];
                return (
                  <RangeFilter
                    key={range}
                    label={label}
                    unit={unit}
                    min={value[min]}
                    max={value[max]}
                    onChange={(next) => change({ [min]: next.min, [max]: next.max })}
                  />
                );
              })}
            </div>
          ) : null}
          <div className="flex flex-wrap items-end justify-between gap-3">
            <DateFilter value={value} onChange={change} />
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              Done
            </Button>
          </div>
        </Card>
      ) : null}
    </div>
  );
}
