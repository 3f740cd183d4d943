import { envelopeStatuses, envelopeStatusLabels } from '@dispatch/domain';
import { FilterX } from 'lucide-react';
import { useCallback, useId } from 'react';
import { DateFilter } from '../../../components/board/date-filter';
import { ChoiceChips, FilterField, TextFilter } from '../../../components/board/filter-controls';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { CreatorFilter } from '../../organizations';
import {
  activeEnvelopeFilterCount,
  type EnvelopeFilters,
  type EnvelopesSearch,
  envelopeSortOptions,
  sortOf,
  sortValueOf,
} from '../envelopes-search';

const statusOptions = envelopeStatuses.map((status) => ({
  value: status,
  label: envelopeStatusLabels[status],
}));

type DateField = NonNullable<EnvelopesSearch['dateField']>;

const dateFields: { value: DateField; label: string }[] = [
  { value: 'createdAt', label: 'Sent' },
  { value: 'updatedAt', label: 'Last updated' },
];

export interface EnvelopeFilterBarProps {
  organizationId: string;
  search: EnvelopesSearch;
  onFilters: (changes: Partial<EnvelopeFilters>) => void;
  onSort: (sort: Pick<EnvelopesSearch, 'orderBy' | 'sort'>) => void;
  onClear: () => void;
}

/** The filters of a drivers or clients table; they live in the page's URL search params. */
export function EnvelopeFilterBar({
  organizationId,
  search,
  onFilters,
  onSort,
  onClear,
}: EnvelopeFilterBarProps) {
  const sortId = useId();
  const active = activeEnvelopeFilterCount(search);
  const setSearch = useCallback((value: string | undefined) => onFilters({ search: value }), [onFilters]);
  return (
    <Card className="flex flex-col gap-4 px-4 py-4" role="search" aria-label="Filters">
      <div className="grid gap-3 sm:grid-cols-3">
        <TextFilter
          label="Search name, e-mail or phone"
          placeholder="Search receivers"
          icon
          value={search.search}
          onChange={setSearch}
        />
        <CreatorFilter
          organizationId={organizationId}
          label="Sent by"
          value={search.createdBy}
          onChange={(createdBy) => onFilters({ createdBy })}
        />
        <FilterField label="Order" htmlFor={sortId}>
          <Select
            id={sortId}
            value={sortValueOf(search)}
            onChange={(event) => onSort(sortOf(event.target.value))}
          >
            {envelopeSortOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </FilterField>
      </div>
      <ChoiceChips
        label="Status"
        options={statusOptions}
        selected={search.status}
        onChange={(status) => onFilters({ status })}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <DateFilter
          value={search}
          onChange={onFilters}
          fields={dateFields}
          className="grid min-w-0 grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap"
        />
        <Button variant="ghost" size="sm" onClick={onClear} disabled={active === 0}>
          <FilterX aria-hidden />
          {active === 0 ? 'No filters' : `Clear ${active === 1 ? 'filter' : `${active} filters`}`}
        </Button>
      </div>
    </Card>
  );
}
