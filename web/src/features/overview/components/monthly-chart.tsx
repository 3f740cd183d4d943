import type { PostingKind } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { QueryError } from '../../../components/errors/query-error';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { monthlyCountsQueryOptions } from '../api/get-overview';
import { selectableYears } from '../overview-search';
import { monthLabel } from './month-label';

// The chart library is fetched and run after the overview's first paint, in a task of its own.
const MonthlyBars = lazy(() => import('./monthly-bars').then((module) => ({ default: module.MonthlyBars })));

const kinds: { value: PostingKind; label: string }[] = [
  { value: 'trucks', label: 'Trucks' },
  { value: 'loads', label: 'Loads' },
];

export interface MonthlyChartProps {
  organizationId: string;
  type: PostingKind;
  year: number;
  currentYear: number;
  onChange: (changes: { type?: PostingKind; year?: number }) => void;
}

/** Postings per month of a year, by the month they were posted, as a bar chart with its figures. */
export function MonthlyChart({ organizationId, type, year, currentYear, onChange }: MonthlyChartProps) {
  const yearId = useId();
  const { data, isFetching, isPending, error, refetch } = useQuery(
    monthlyCountsQueryOptions(organizationId, type, year),
  );
  const months = data ?? [];
  const total = months.reduce((sum, month) => sum + month.count, 0);
  const noun = type === 'trucks' ? 'trucks' : 'loads';

  return (
    <Card className="flex flex-col gap-4 px-5 py-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="flex items-center gap-2 text-base font-semibold tracking-tight">
            Posted per month
            {isFetching ? <Spinner label="Refreshing the chart" /> : null}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {isPending
              ? 'Counting…'
              : error
                ? `The ${noun} of ${year} could not be counted`
                : `${total.toLocaleString()} ${noun} on the board were posted in ${year}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <fieldset className="flex rounded-md border border-input p-0.5">
            <legend className="sr-only">Postings</legend>
            {kinds.map((kind) => (
              <button
                key={kind.value}
                type="button"
                aria-pressed={type === kind.value}
                onClick={() => onChange({ type: kind.value })}
                className={cn(
                  'h-7 cursor-pointer rounded px-3 text-xs font-medium transition-colors',
                  type === kind.value
                    ? 'bg-primary text-primary-foreground'
                    : 'text-muted-foreground hover:bg-accent',
                )}
              >
                {kind.label}
              </button>
            ))}
          </fieldset>
          <label htmlFor={yearId} className="sr-only">
            Year
          </label>
          <Select
            id={yearId}
            value={year}
            onChange={(event) => onChange({ year: Number(event.target.value) })}
          >
            {selectableYears(currentYear, year).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {error ? (
        <QueryError
          error={error}
          title="Could not load the chart"
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : null}
      <div className={cn('h-72', error && 'hidden')} aria-hidden>
        <Suspense fallback={null}>
          <MonthlyBars months={months} type={type} />
        </Suspense>
      </div>
      {/* The figures behind the bars, for screen readers and for reading exact counts. */}
      <table className="sr-only">
        <caption>
          {type === 'trucks' ? 'Trucks' : 'Loads'} posted per month in {year}
        </caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Count</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month)}</th>
              <td>{month.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
