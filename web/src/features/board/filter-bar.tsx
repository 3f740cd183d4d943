import {
  directionLabels,
  directions,
  productLabels,
  products,
  trailerTypeLabels,
  trailerTypes,
} from '@dispatch/domain';
import { FilterX } from 'lucide-react';
import { useCallback, useId } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { activeFilterCount, type BoardFilters } from './board-search';
import { CreatorFilter } from './creator-filter';
import { DateFilter } from './date-filter';
import { ChoiceChips, FilterField, TextFilter } from './filter-controls';

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
}

export interface FilterBarProps {
  organizationId: string;
  controls: FilterBarControls;
  value: BoardFilters;
  /** Called with the filters that changed (undefined clears one); the board goes back to page 0. */
  onChange: (changes: Partial<BoardFilters>) => void;
  onClear: () => void;
}

/**
 * The filter bar of a trucks or loads board. It holds no state of its own: the filters live in the
 * page's URL search params, so a filtered board can be shared, bookmarked and reloaded.
 */
export function FilterBar({ organizationId, controls, value, onChange, onClear }: FilterBarProps) {
  const statusId = useId();
  const active = activeFilterCount(value);
  const change = useCallback((changes: Partial<BoardFilters>) => onChange(changes), [onChange]);
  const setSearch = useCallback((search: string | undefined) => change({ search }), [change]);
  const setUnitNumber = useCallback((unitNumber: string | undefined) => change({ unitNumber }), [change]);

  return (
    <Card className="flex flex-col gap-4 px-4 py-4" role="search" aria-label="Filters">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextFilter
          label={`Search ${controls.searchLabel.toLowerCase()}`}
          icon
          value={value.search}
          onChange={setSearch}
        />
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
      <div className="flex flex-wrap items-end justify-between gap-3">
        <DateFilter value={value} onChange={change} />
        <Button variant="ghost" size="sm" onClick={onClear} disabled={active === 0}>
          <FilterX aria-hidden />
          {active === 0 ? 'No filters' : `Clear ${active === 1 ? 'filter' : `${active} filters`}`}
        </Button>
      </div>
    </Card>
  );
}
