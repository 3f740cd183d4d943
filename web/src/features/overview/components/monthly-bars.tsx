import type { MonthlyCount, PostingKind } from '@dispatch/domain';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthLabel } from './month-label';

/** The bars of the monthly chart: a picture of the table of the same counts beside it. */
export function MonthlyBars({ months, type }: { months: MonthlyCount[]; type: PostingKind }) {
  return (
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
  );
}
