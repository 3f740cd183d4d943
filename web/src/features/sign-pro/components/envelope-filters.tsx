import { envelopeStatuses, envelopeStatusLabels } from '@dispatch/domain';
import { FilterX } from 'lucide-react';
import { useCallback, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { CreatorFilter } from '../../board/creator-filter';
import { dayOf, instantOf } from '../../board/date-filter';
import { ChoiceChips, FilterField, TextFilter } from '../../board/filter-controls';
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
type DateOperation = NonNullable<EnvelopesSearch['dateOperation']>;

const dateFields: { value: DateField; label: string }[] = [
  { value: 'createdAt', label: 'Sent' },
  { value: 'updatedAt', label: 'Last updated' },
];

const dateOperations: { value: DateOperation; label: string }[] = [
  { value: 'gte', label: 'on or after' },
  { value: 'gt', label: 'after' },
  { value: 'eq', label: 'on' },
  { value: 'lte', label: 'on or before' },
  { value: 'lt', label: 'before' },
];

/** Which date, compared how, from which day, and optionally until which day (inclusive). */
function EnvelopeDateFilter({
  value,
  onChange,
}: {
  value: EnvelopeFilters;
  onChange: (changes: Partial<EnvelopeFilters>) => void;
}) {
  const ids = { field: useId(), operation: useId(), start: useId(), end: useId() };
  const field = value.dateField ?? 'createdAt';
  const start = dayOf(value.startDate, field);
  const end = dayOf(value.endDate, field);
  return (
    <fieldset className="grid min-w-0 grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap">
      <legend className="sr-only">Date</legend>
      <FilterField label="Date" htmlFor={ids.field}>
        <Select
          id={ids.field}
          value={field}
          onChange={(event) => {
            const next = event.target.value as DateField;
            onChange({
              dateField: next === 'createdAt' ? undefined : next,
              startDate: instantOf(start, next, 'start'),
              endDate: instantOf(end, next, 'end'),
            });
          }}
        >
          {dateFields.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label="Compared" htmlFor={ids.operation}>
        <Select
          id={ids.operation}
          value={value.dateOperation ?? 'gte'}
          onChange={(event) => {
            const next = event.target.value as DateOperation;
            onChange({ dateOperation: next === 'gte' ? undefined : next });
          }}
        >
          {dateOperations.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label="Day" htmlFor={ids.start}>
        <Input
          id={ids.start}
          type="date"
          value={start}
          onChange={(event) => onChange({ startDate: instantOf(event.target.value, field, 'start') })}
        />
      </FilterField>
      <FilterField label="Until (optional)" htmlFor={ids.end}>
        <Input
          id={ids.end}
          type="date"
          value={end}
          min={start || undefined}
          onChange={(event) => onChange({ endDate: instantOf(event.target.value, field, 'end') })}
        />
      </FilterField>
    </fieldset>
  );
}

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
        <EnvelopeDateFilter value={search} onChange={onFilters} />
        <Button variant="ghost" size="sm" onClick={onClear} disabled={active === 0}>
          <FilterX aria-hidden />
          {active === 0 ? 'No filters' : `Clear ${active === 1 ? 'filter' : `${active} filters`}`}
        </Button>
      </div>
    </Card>
  );
}
