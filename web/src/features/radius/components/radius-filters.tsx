import { directionLabels, directions, trailerTypeLabels, trailerTypes } from '@dispatch/domain';
import { FilterX } from 'lucide-react';
import { useId } from 'react';
import { activeFilterCount, type BoardFilters } from '../../../components/board/board-search';
import { DateFilter } from '../../../components/board/date-filter';
import { ChoiceChips, FilterField } from '../../../components/board/filter-controls';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { CreatorFilter } from '../../organizations';
import type { RadiusSearch } from '../radius-search';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * The filters of a radius search, as the boards have them: trailer type, the compass point from the
 * city, status (trucks), who posted, and dates. They live in the URL and apply at once.
 */
export function RadiusFilters({
  organizationId,
  search,
  onChange,
  onClear,
}: {
  organizationId: string;
  search: RadiusSearch;
  onChange: (changes: Partial<BoardFilters>) => void;
  onClear: () => void;
}) {
  const statusId = useId();
  const active = activeFilterCount(search);
  return (
    <Card className="flex flex-col gap-4 px-4 py-4" role="group" aria-label="Filters">
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <ChoiceChips
          label="Trailer type"
          options={options(trailerTypes, trailerTypeLabels)}
          selected={search.trailerType}
          onChange={(trailerType) => onChange({ trailerType })}
        />
        <ChoiceChips
          label={`Direction from ${search.city}`}
          options={options(directions, directionLabels)}
          selected={search.direction}
          onChange={(direction) => onChange({ direction })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {search.searchType === 'trucks' ? (
          <FilterField label="Status" htmlFor={statusId}>
            <Select
              id={statusId}
              value={search.status ?? ''}
              onChange={(event) =>
                onChange({ status: (event.target.value || undefined) as BoardFilters['status'] })
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
          value={search.createdBy}
          onChange={(createdBy) => onChange({ createdBy })}
        />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <DateFilter value={search} onChange={onChange} />
        <Button variant="ghost" size="sm" onClick={onClear} disabled={active === 0}>
          <FilterX aria-hidden />
          {active === 0 ? 'No filters' : `Clear ${active === 1 ? 'filter' : `${active} filters`}`}
        </Button>
      </div>
    </Card>
  );
}
