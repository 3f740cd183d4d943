import type { MonthlyCount, PostingKind } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { QueryError } from '../../../components/errors/query-error';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { monthlyCountsQueryOptions } from '../api/get-overview';
import { selectableYears } from '../overview-search';

const kinds: { value: PostingKind; label: string }[] = [
  { value: 'trucks', label: 'Trucks' },
  { value: 'loads', label: 'Loads' },
];

const monthLabel = (month: MonthlyCount) =>
  month.monthName.charAt(0).toUpperCase() + month.monthName.slice(1);

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
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            // The chart is a picture of the table below it: no focus stop, no second reading.
            accessibilityLayer={false}
            data={months.map((month) => ({ ...month, label: monthLabel(month) }))}
            margin={{ left: -16 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} />
            <Tooltip
              cursor={{ fillOpacity: 0.08 }}
              formatter={(value) => [Number(value).toLocaleString(), type === 'trucks' ? 'Trucks' : 'Loads']}
            />
            <Bar dataKey="count" radius={[4, 4, 0, 0]} className="fill-primary" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
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
