import { overviewQuerySchema } from '@dispatch/domain';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { lenientSearch } from '../../components/board/board-search';

const validate = lenientSearch(overviewQuerySchema.pick({ year: true, type: true }));
export type OverviewSearch = ReturnType<typeof validate>;

/** The overview's URL search params: which postings to chart and which year; a bad value is dropped. */
export const overviewRouteSearch = (input: Partial<OverviewSearch> & SearchSchemaInput) =>
  validate(input as Record<string, unknown>);

export const validateOverviewSearch = validate;

/** The years offered: this one and the five before it, plus a year a link asks for. */
export function selectableYears(current: number, shown: number): number[] {
  const years = Array.from({ length: 6 }, (_, index) => current - index);
  return years.includes(shown) ? years : [...years, shown].sort((a, b) => b - a);
}
