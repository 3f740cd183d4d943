import { format } from 'date-fns';
import { useId } from 'react';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import type { BoardFilters } from './board-search';
import { FilterField } from './filter-controls';

type DateField = NonNullable<BoardFilters['dateField']>;
type DateOperation = NonNullable<BoardFilters['dateOperation']>;

/** The dates of a posting a board filters by. */
export const postingDateFields: { value: DateField; label: string }[] = [
  { value: 'createdAt', label: 'Posted' },
  { value: 'updatedAt', label: 'Last edited' },
  { value: 'availableDate', label: 'Available' },
];

const dateOperations: { value: DateOperation; label: string }[] = [
  { value: 'gte', label: 'on or after' },
  { value: 'gt', label: 'after' },
  { value: 'eq', label: 'on' },
  { value: 'lte', label: 'on or before' },
  { value: 'lt', label: 'before' },
];

/**
 * The day a date input shows for a filter instant. An availability date is a calendar date kept as
 * UTC midnight; posting and edit times are instants, picked as days of the dispatcher's own clock.
 */
export function dayOf(instant: string | undefined, field: DateField): string {
  if (!instant) return '';
  if (field === 'availableDate') return instant.slice(0, 10);
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'yyyy-MM-dd');
}

/** The instant a picked day stands for: its start, or its last moment for an inclusive "until". */
export function instantOf(day: string, field: DateField, edge: 'start' | 'end'): string | undefined {
  if (!day) return undefined;
  if (field === 'availableDate') return `${day}T00:00:00.000Z`;
  const local = new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
}

/** The date filter's part of a list's search params. */
export interface DateFilterValue<F extends DateField> {
  dateField?: F;
  dateOperation?: DateOperation;
  startDate?: string;
  endDate?: string;
}

/**
 * Which date, compared how, from which day, and optionally until which day (inclusive). `fields` are
 * the dates the list offers (a posting's by default; the envelopes offer sent and last updated).
 */
export function DateFilter<F extends DateField = DateField>({
  value,
  onChange,
  fields = postingDateFields as { value: F; label: string }[],
  className = 'flex min-w-0 flex-wrap items-end gap-2',
}: {
  value: DateFilterValue<F>;
  onChange: (changes: Partial<DateFilterValue<F>>) => void;
  fields?: { value: F; label: string }[];
  className?: string;
}) {
  const ids = { field: useId(), operation: useId(), start: useId(), end: useId() };
  const field: F = value.dateField ?? ('createdAt' as F);
  const start = dayOf(value.startDate, field);
  const end = dayOf(value.endDate, field);

  const changeField = (next: F) =>
    onChange({
      dateField: next === 'createdAt' ? undefined : next,
      startDate: instantOf(start, next, 'start'),
      endDate: instantOf(end, next, 'end'),
    });

  return (
    <fieldset className={className}>
      <legend className="sr-only">Date</legend>
      <FilterField label="Date" htmlFor={ids.field}>
        <Select id={ids.field} value={field} onChange={(event) => changeField(event.target.value as F)}>
          {fields.map((option) => (
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
