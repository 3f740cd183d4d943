import {
  LANE_HISTORY_RADIUS_DEFAULT_MILES,
  type LaneHistoryBucket,
  type LaneHistoryParams,
  type LaneHistorySeries,
  type RateUnit,
  rateUnitLabels,
  type TrailerType,
  trailerTypeLabels,
} from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { QueryError } from '../../../components/errors/query-error';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { laneHistoryQueryOptions } from '../api/get-lane-history';
import { periodLabel, rateLabel } from './lane-history-labels';

// The chart library is fetched when a lane's history is first drawn, not with the boards that
// offer the button (the loads board, the lane search, the overview).
const LaneHistoryChart = lazy(() =>
  import('./lane-history-chart').then((module) => ({ default: module.LaneHistoryChart })),
);

/** A lane: from a city to a city, with a trailer type (a load's own, or picked). */
export interface Lane {
  originState: string;
  originCity: string;
  destinationState: string;
  destinationCity: string;
  trailerType: TrailerType;
}

const buckets: { value: LaneHistoryBucket; label: string }[] = [
  { value: 'week', label: 'Weekly' },
  { value: 'month', label: 'Monthly' },
];
const radii = [25, 50, 100, 150, 250, 500];

export interface LaneHistoryDialogProps {
  /** The organization's id or slug: what the answer is kept under. */
  organization: string;
  lane: Lane | null;
  onClose: () => void;
}

/** A lane's history in a dialog, open while `lane` is set. */
export function LaneHistoryDialog({ organization, lane, onClose }: LaneHistoryDialogProps) {
  return (
    <Dialog open={lane !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-4xl overflow-y-auto p-4 sm:p-6">
        {lane ? <LaneHistoryPanel organization={organization} lane={lane} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The organization's own posted rates on a lane, around both cities: weekly or monthly, one rate
 * unit at a time, with the median, the min–max band, the carrier's median and the loads per period.
 * A unit with too few postings is said so rather than drawn.
 */
export function LaneHistoryPanel({ organization, lane }: { organization: string; lane: Lane }) {
  const radiusId = useId();
  const unitId = useId();
  const [bucket, setBucket] = useState<LaneHistoryBucket>('week');
  const [radius, setRadius] = useState(LANE_HISTORY_RADIUS_DEFAULT_MILES);
  const [chosenUnit, setUnit] = useState<RateUnit | null>(null);
  // Only the lane's fields: a load row passes the whole load.
  const params: LaneHistoryParams = {
    originState: lane.originState,
    originCity: lane.originCity,
    destinationState: lane.destinationState,
    destinationCity: lane.destinationCity,
    trailerType: lane.trailerType,
    radius: String(radius),
    bucket,
  };
  const { data, error, isPending, isFetching, refetch } = useQuery(
    laneHistoryQueryOptions(organization, params),
  );
  const series = data?.series ?? [];
  const shown =
    series.find((one) => one.unit === chosenUnit) ?? series.find((one) => one.enough) ?? series[0];
  const route = `${lane.originCity}, ${lane.originState} → ${lane.destinationCity}, ${lane.destinationState}`;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          Lane history
          {isFetching && !isPending ? <Spinner label="Refreshing the lane history" /> : null}
        </DialogTitle>
        <DialogDescription>
          <span className="font-medium text-foreground">{route}</span> · {trailerTypeLabels[lane.trailerType]}{' '}
          · your organization&apos;s posted rates, loads from within {radius} miles of each city
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex rounded-md border border-input p-0.5">
          <legend className="sr-only">Periods</legend>
          {buckets.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={bucket === option.value}
              onClick={() => setBucket(option.value)}
              className={cn(
                'h-7 cursor-pointer rounded px-3 text-xs font-medium transition-colors',
                bucket === option.value
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:bg-accent',
              )}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
        <label htmlFor={unitId} className="text-xs text-muted-foreground">
          Unit
        </label>
        <Select
          id={unitId}
          className="h-8 w-auto text-xs"
          value={shown?.unit ?? ''}
          disabled={series.length === 0}
          onChange={(event) => setUnit(event.target.value as RateUnit)}
        >
          {series.length === 0 ? <option value="">—</option> : null}
          {series.map((one) => (
            <option key={one.unit} value={one.unit}>
              {rateUnitLabels[one.unit]} ({one.count})
            </option>
          ))}
        </Select>
        <label htmlFor={radiusId} className="text-xs text-muted-foreground">
          Radius
        </label>
        <Select
          id={radiusId}
          className="h-8 w-auto text-xs"
          value={radius}
          onChange={(event) => setRadius(Number(event.target.value))}
        >
          {radii.map((miles) => (
            <option key={miles} value={miles}>
              {miles} mi
            </option>
          ))}
        </Select>
      </div>
      {error ? (
        <QueryError
          error={error}
          title="Could not load the lane history"
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : isPending ? (
        <p className="py-16 text-center text-sm text-muted-foreground">Reading the lane…</p>
      ) : !shown ? (
        <p className="rounded-md border border-dashed border-border py-12 text-center text-sm text-muted-foreground">
          No loads of yours on this lane yet.
        </p>
      ) : !shown.enough ? (
        <p className="rounded-md border border-dashed border-border px-4 py-12 text-center text-sm text-muted-foreground">
          Not enough loads to chart: {shown.count} posted in {rateUnitLabels[shown.unit].toLowerCase()}, at
          least {data?.minimumPostings} are needed for a line.
        </p>
      ) : (
        <>
          <Summary series={shown} />
          <Suspense fallback={<div className="h-64 sm:h-72" aria-hidden />}>
            <LaneHistoryChart series={shown} bucket={bucket} />
          </Suspense>
        </>
      )}
      {shown ? (
        <table className="sr-only">
          <caption>
            {rateUnitLabels[shown.unit]} rates per {bucket}
          </caption>
          <thead>
            <tr>
              <th>Period</th>
              <th>Loads</th>
              <th>Median</th>
              <th>Min</th>
              <th>Max</th>
              <th>Carrier median</th>
              {shown.marginCount !== undefined ? <th>Margin median</th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.points.map((point) => (
              <tr key={point.period}>
                <td>{periodLabel(bucket, point.period)}</td>
                <td>{point.count}</td>
                <td>{rateLabel(point.median, shown.unit)}</td>
                <td>{rateLabel(point.min, shown.unit)}</td>
                <td>{rateLabel(point.max, shown.unit)}</td>
                <td>{rateLabel(point.carrierMedian, shown.unit)}</td>
                {shown.marginCount !== undefined ? (
                  <td>{rateLabel(point.marginMedian, shown.unit)}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** The range's loads and the latest period's medians, read at a glance above the chart. */
function Summary({ series }: { series: LaneHistorySeries }) {
  const point = series.points.at(-1);
  if (!point) return null;
  const figures = [
    ['Loads', String(series.count)],
    ['Latest median', rateLabel(point.median, series.unit)],
    ['Carrier median', rateLabel(point.carrierMedian, series.unit)],
  ];
  // The margin is answered only to those who may see it.
  if (series.marginCount !== undefined)
    figures.push(['Margin median', rateLabel(point.marginMedian, series.unit)]);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
      {figures.map(([term, value]) => (
        <div key={term} className="flex flex-col">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
