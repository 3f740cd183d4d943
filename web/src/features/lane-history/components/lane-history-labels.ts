import { isoWeekStart, type LaneHistoryBucket, type RateUnit } from '@dispatch/domain';
import { formatMoney, rateUnitWords } from '../../../lib/money';

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 30 '26" for a week (its Monday), "Nov '26" for a month. */
export function periodLabel(bucket: LaneHistoryBucket, period: string): string {
  const date = bucket === 'week' ? isoWeekStart(period) : `${period}-01`;
  const month = monthNames[Number(date.slice(5, 7)) - 1];
  const year = `'${date.slice(2, 4)}`;
  return bucket === 'week' ? `${month} ${Number(date.slice(8, 10))} ${year}` : `${month} ${year}`;
}

/** A rate as the chart writes it: "$42.75 / ton". */
export const rateLabel = (value: number | null | undefined, unit: RateUnit) =>
  value === null || value === undefined ? '—' : `${formatMoney(value)} ${rateUnitWords[unit]}`;
