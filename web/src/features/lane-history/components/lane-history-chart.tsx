import type { LaneHistoryBucket, LaneHistorySeries } from '@dispatch/domain';
import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '../../../lib/money';
import { periodLabel, rateLabel } from './lane-history-labels';

export interface LaneHistoryChartProps {
  series: LaneHistorySeries;
  bucket: LaneHistoryBucket;
}

/**
 * One unit of a lane's history: our median rate as a line in its min–max band, the carrier's median
 * dashed, and the loads of each period as bars on their own axis.
 */
export function LaneHistoryChart({ series, bucket }: LaneHistoryChartProps) {
  const data = series.points.map((point) => ({
    ...point,
    label: periodLabel(bucket, point.period),
    band: point.min === null || point.max === null ? null : [point.min, point.max],
  }));
  return (
    <div className="h-64 sm:h-72" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        {/* A picture of the dialog's table of the same points: no focus stop, no second reading. */}
        <ComposedChart
          accessibilityLayer={false}
          data={data}
          margin={{ top: 4, right: 0, bottom: 0, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={11} minTickGap={16} />
          <YAxis
            yAxisId="rate"
            tickLine={false}
            axisLine={false}
            fontSize={11}
            width={56}
            domain={['auto', 'auto']}
            tickFormatter={(value: number) => formatMoney(value).replace(/\.00$/, '')}
          />
          <YAxis
            yAxisId="count"
            orientation="right"
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
            fontSize={11}
            width={28}
          />
          <Tooltip
            contentStyle={{
              background: 'var(--color-card)',
              borderColor: 'var(--color-border)',
              color: 'var(--color-card-foreground)',
              fontSize: 12,
            }}
            formatter={(value, name) => {
              if (name === 'Loads') return [String(value), name];
              if (Array.isArray(value))
                return [
                  `${rateLabel(Number(value[0]), series.unit)} – ${rateLabel(Number(value[1]), series.unit)}`,
                  name,
                ];
              return [rateLabel(value === null ? null : Number(value), series.unit), name];
            }}
          />
          <Legend iconSize={10} wrapperStyle={{ fontSize: 12 }} />
          <Bar
            yAxisId="count"
            dataKey="count"
            name="Loads"
            fill="var(--color-muted-foreground)"
            fillOpacity={0.25}
            isAnimationActive={false}
            maxBarSize={18}
          />
          <Area
            yAxisId="rate"
            dataKey="band"
            name="Min – max"
            stroke="var(--color-primary)"
            strokeOpacity={0.3}
            fill="var(--color-primary)"
            fillOpacity={0.15}
            isAnimationActive={false}
            connectNulls
          />
          <Line
            yAxisId="rate"
            dataKey="median"
            name="Median"
            stroke="var(--color-primary)"
            strokeWidth={2}
            dot={{ r: 2 }}
            isAnimationActive={false}
            connectNulls
          />
          <Line
            yAxisId="rate"
            dataKey="carrierMedian"
            name="Carrier median"
            stroke="var(--color-muted-foreground)"
            strokeDasharray="4 3"
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
            connectNulls
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
