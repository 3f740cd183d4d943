import {
  columnOrderingFeature,
  columnVisibilityFeature,
  type RowData,
  type Table,
  tableFeatures,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** One column of a grid. */
export interface GridColumn<T> {
  /** Stable id: what the saved order and visibility name. */
  id: string;
  /** The column's name, in its head and in the Columns menu. */
  label: string;
  /** A head other than the plain label (a sorting link). */
  head?: ReactNode;
  ariaSort?: 'ascending' | 'descending' | 'none';
  cell: (row: T) => ReactNode;
  /** The whole value, shown on hover where the cell cuts it short. */
  title?: (row: T) => string | undefined;
  /** The width of the cell's content (Tailwind classes, e.g. "w-40"): longer content is cut short. */
  width?: string;
  align?: 'right';
  /** False for a column that cannot be hidden (the one naming the row). */
  hideable?: boolean;
  /** True for a column the grid starts without: the Columns menu shows it. */
  hiddenByDefault?: boolean;
}

export interface GridMeta {
  column: GridColumn<never>;
}

/** What the grids use of TanStack Table: column visibility and column order (rows come paged from the API). */
export const gridFeatures = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  columnMeta: {} as GridMeta,
});
export type GridFeatures = typeof gridFeatures;
export type GridTableInstance<T extends RowData> = Table<GridFeatures, T>;
