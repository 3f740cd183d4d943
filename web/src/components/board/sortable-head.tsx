import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { BoardPath, BoardSort } from './board-kind';

export interface SortableHeadProps<S extends BoardSort> {
  label: string;
  orderBy: S['orderBy'];
  search: S;
  /** The list whose order the header changes. */
  from: BoardPath;
  /** The search after a click on this header (the feature's own sort rule). */
  nextSort: (current: S, orderBy: S['orderBy']) => S;
}

/**
 * A grid column's head that orders the list by its column, through the page's URL search params:
 * the head's content and the `aria-sort` of its cell, so screen readers hear the current order.
 */
export function sortableHead<S extends BoardSort>({
  label,
  orderBy,
  search,
  from,
  nextSort,
}: SortableHeadProps<S>): { head: ReactNode; ariaSort: 'ascending' | 'descending' | 'none' } {
  const next = nextSort(search, orderBy);
  const active = search.orderBy === orderBy;
  const Icon = !active ? ArrowUpDown : search.sort === 'asc' ? ArrowUp : ArrowDown;
  return {
    ariaSort: active ? (search.sort === 'asc' ? 'ascending' : 'descending') : 'none',
    head: (
      <Link
        from={from}
        to="."
        // Typed for either list: `next.orderBy` is one of the list in `from`'s orders.
        search={
          ((current: Record<string, unknown>) => ({
            ...current,
            orderBy: next.orderBy,
            sort: next.sort,
            page: next.page,
          })) as never
        }
        className={cn(
          '-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-accent hover:text-foreground',
          active && 'text-foreground',
        )}
      >
        {label}
        <Icon className="size-3.5" aria-hidden />
        <span className="sr-only">
          {active ? `, sorted ${search.sort === 'asc' ? 'ascending' : 'descending'}` : ', sort'}
        </span>
      </Link>
    ),
  };
}
