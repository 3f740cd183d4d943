import type { MonthlyCount } from '@dispatch/domain';

/** A month's name as the chart and its table write it: "January". */
export const monthLabel = (month: MonthlyCount) =>
  month.monthName.charAt(0).toUpperCase() + month.monthName.slice(1);
