import {
  type ColumnDef,
  type ColumnOrderState,
  type ColumnVisibilityState,
  functionalUpdate,
  type Row,
  type RowData,
  useTable,
} from '@tanstack/react-table';
import { type MouseEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { useHighlight } from '../../../lib/highlights';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { GridColumnsMenu } from './grid-columns-menu';
import { type GridColumn, type GridFeatures, type GridMeta, gridFeatures } from './grid-features';
import type { GridDensity } from './grid-preferences';
import { isClickOnControl, isOnControl, isPageShortcut, stepSelection } from './keys';
import { type GridId, type GridPreferencesApi, useGridPreferences } from './use-grid-preferences';

/** The row actions: the grid's last column, kept in view at the right edge while the rest scrolls. */
export interface GridActions<T extends RowData> {
  label: string;
  cell: (row: T) => ReactNode;
}

export interface DataGridProps<T extends RowData> {
  gridId: GridId;
  caption: string;
  columns: GridColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Attributes of a row's element: `data-truck-id`, `data-since`, … */
  rowAttributes?: (row: T) => Record<`data-${string}`, string | number | undefined>;
  /** Rows that flash when someone changes them (lib/highlights). */
  highlight?: { kind: string; id: (row: T) => number };
  /** Opens a row: a click on it (anywhere but a control), or Enter on the row chosen with j and k. */
  onOpen?: (row: T) => void;
  actions?: GridActions<T> | null;
  /** j / k choose a row, Enter opens it (the page's main grid only). */
  keyboard?: boolean;
  /** The frame's classes: its height, so the grid scrolls inside it. */
  className?: string;
  /** Below 640 px, rows as cards instead of the table (the table then shows from sm up). */
  card?: (row: T) => ReactNode;
}

export type { GridColumn };

const features = gridFeatures;
type Features = GridFeatures;

/** A row that has focus shows it, inside its own edges (the frame clips anything outside). */
const focusRing = 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring';

const densityClasses: Record<GridDensity, { cell: string; head: string; actions: string }> = {
  compact: {
    cell: 'px-2 py-0.5 text-[13px] leading-5',
    head: 'h-8 px-2 py-1',
    actions: '[&_a]:size-6 [&_button]:size-6 [&_svg]:size-3.5',
  },
  comfortable: { cell: 'px-2.5 py-2 text-sm leading-5', head: 'h-10 px-2.5 py-2', actions: '' },
};

/**
 * The grid of the boards, the radius results and the envelopes: one line a row (long text cut short,
 * the whole of it on hover), a sticky head, scrolling inside its own frame with the row actions kept
 * in view, rows that open with a click, and the user's columns, order and density (TanStack Table).
 */
export function DataGrid<T extends RowData>(props: DataGridProps<T>) {
  const ids = useMemo(() => props.columns.map((column) => column.id), [props.columns]);
  const hiddenByDefault = useMemo(
    () => props.columns.filter((column) => column.hiddenByDefault).map((column) => column.id),
    [props.columns],
  );
  const preferences = useGridPreferences(props.gridId, ids, hiddenByDefault);
  const { card, className } = props;
  // One of the two is drawn, never both: a phone gets the cards, a wider window the table.
  const phone = useMediaQuery(PHONE_QUERY);
  if (card && phone)
    return (
      <ul aria-label={props.caption} className="divide-y divide-border" data-grid-cards>
        {props.rows.map((row) => (
          <GridCard key={props.rowKey(row)} row={row} {...props} card={card} />
        ))}
      </ul>
    );
  return (
    <GridFrame className={className}>
      <GridTable {...props} preferences={preferences} />
    </GridFrame>
  );
}

/** A row as a card: its posting first, the same live highlight as the table's row. */
function GridCard<T extends RowData>({
  row,
  card,
  rowKey,
  rowAttributes,
  highlight,
}: DataGridProps<T> & { row: T; card: (row: T) => ReactNode }) {
  const generation = useHighlight(highlight?.kind ?? '', highlight ? highlight.id(row) : -1);
  return (
    <li
      {...rowAttributes?.(row)}
      // Focus may be taken to it (the board's "new" rows), as to the table's row.
      data-row-key={rowKey(row)}
      tabIndex={-1}
      className={focusRing}
      data-highlighted={generation ? 'true' : undefined}
      data-highlight-generation={generation}
    >
      {card(row)}
    </li>
  );
}

/**
 * The grid's scrolling frame. When its columns are wider than it, it says so: a shadow at the edge
 * where columns are out of sight (at the pinned actions on the right, at the frame's left edge once
 * scrolled), so a grid that scrolls sideways looks it.
 */
function GridFrame({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const measure = () => {
      const left = frame.scrollLeft > 0;
      const right = frame.scrollLeft + frame.clientWidth < frame.scrollWidth - 1;
      setEdges((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    frame.addEventListener('scroll', measure, { passive: true });
    // The observer's first call comes once the browser has laid the page out for its paint: measuring
    // here, as the grid mounts, would lay the whole page out inside the task that renders it.
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    if (frame.firstElementChild) observer.observe(frame.firstElementChild);
    return () => {
      frame.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  return (
    <div className={cn('relative flex min-h-0 flex-col', className)}>
      <div
        ref={ref}
        data-grid-frame
        data-scrolls-left={edges.left ? 'true' : undefined}
        data-scrolls-right={edges.right ? 'true' : undefined}
        className="group/frame min-h-0 flex-auto overflow-auto"
      >
        {children}
      </div>
      {edges.left ? (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-y-0 left-0 z-30 w-3 bg-gradient-to-r from-foreground/15 to-transparent"
        />
      ) : null}
    </div>
  );
}

function GridTable<T extends RowData>({
  caption,
  columns,
  rows,
  rowKey,
  rowAttributes,
  highlight,
  onOpen,
  actions,
  keyboard = false,
  preferences,
}: DataGridProps<T> & { preferences: GridPreferencesApi }) {
  const defs = useMemo<ColumnDef<Features, T, unknown>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.label,
        cell: ({ row }: { row: Row<Features, T> }) => column.cell(row.original),
        enableHiding: column.hideable !== false,
        meta: { column: column as GridColumn<never> },
      })),
    [columns],
  );
  const table = useTable<Features, T>({
    features,
    columns: defs,
    data: rows,
    getRowId: (row) => rowKey(row),
    state: { columnVisibility: preferences.columnVisibility, columnOrder: preferences.columnOrder },
    onColumnVisibilityChange: (updater) => {
      const next: ColumnVisibilityState = functionalUpdate(updater, preferences.columnVisibility);
      for (const column of columns) {
        const shown = next[column.id] !== false;
        if (shown !== (preferences.columnVisibility[column.id] !== false))
          preferences.setColumnShown(column.id, shown);
      }
    },
    onColumnOrderChange: (updater) => {
      const next: ColumnOrderState = functionalUpdate(updater, preferences.columnOrder);
      preferences.setColumnOrder(next);
    },
  });
  const density = densityClasses[preferences.preferences.density];
  const tableRows = table.getRowModel().rows;

  // j / k choose a row, Enter opens it.
  const [selected, setSelected] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const keys = useRef({ tableRows, selected, onOpen });
  keys.current = { tableRows, selected, onOpen };
  useEffect(() => {
    if (!keyboard) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isPageShortcut(event)) return;
      const { tableRows: current, selected: chosen, onOpen: open } = keys.current;
      const index = current.findIndex((row) => row.id === chosen);
      if (event.key === 'j' || event.key === 'k') {
        const next = current[stepSelection(index, current.length, event.key === 'j' ? 1 : -1)];
        if (!next) return;
        event.preventDefault();
        setSelected(next.id);
      } else if (event.key === 'Enter' && index >= 0 && open && !isOnControl(event)) {
        event.preventDefault();
        open(current[index]!.original);
      } else if (event.key === 'Escape' && chosen !== null) {
        setSelected(null);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keyboard]);
  // The chosen row takes focus, so a screen reader reads it; rows arriving or leaving move nothing.
  useEffect(() => {
    if (selected === null) return;
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[data-row-key="${CSS.escape(selected)}"]`);
    if (!row) return;
    if (document.activeElement !== row) row.focus({ preventScroll: true });
    row.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  // Pinned at the right edge, over the columns that scroll under it: always opaque (a live highlight
  // tints it without letting the cells beneath show through), with a shadow while columns hide under it.
  const stickyEnd =
    'sticky right-0 border-l border-border group-data-[scrolls-right=true]/frame:shadow-[-6px_0_6px_-4px_rgb(0_0_0/0.18)]';
  return (
    <table
      className="w-full border-separate border-spacing-0 text-left"
      data-density={preferences.preferences.density}
    >
      <caption className="sr-only">{caption}</caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const column = (header.column.columnDef.meta as GridMeta).column as GridColumn<T>;
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={column.ariaSort}
                  className={cn(
                    'sticky top-0 z-10 border-b border-border bg-muted align-middle text-xs font-medium whitespace-nowrap text-muted-foreground',
                    density.head,
                    column.align === 'right' && 'text-right',
                  )}
                >
                  {column.head ?? column.label}
                </th>
              );
            })}
            <th
              scope="col"
              className={cn(
                'sticky top-0 z-20 w-px border-b bg-muted text-right align-middle',
                stickyEnd,
                density.head,
              )}
            >
              <span className="sr-only">{actions?.label ?? 'Settings'}</span>
              <GridColumnsMenu table={table} columns={columns} preferences={preferences} />
            </th>
          </tr>
        ))}
      </thead>
      <tbody ref={bodyRef}>
        {tableRows.map((row) => (
          <GridRow
            key={row.id}
            row={row}
            rowAttributes={rowAttributes}
            highlight={highlight}
            onOpen={onOpen}
            selectable={keyboard}
            selected={row.id === selected}
            onFocusRow={setSelected}
            cellClass={density.cell}
            actions={actions}
            actionsClass={cn(stickyEnd, density.actions)}
            render={(cell) => <table.FlexRender cell={cell} />}
          />
        ))}
      </tbody>
    </table>
  );
}

function GridRow<T extends RowData>({
  row,
  rowAttributes,
  highlight,
  onOpen,
  selectable,
  selected,
  onFocusRow,
  cellClass,
  actions,
  actionsClass,
  render,
}: {
  row: Row<Features, T>;
  rowAttributes: DataGridProps<T>['rowAttributes'];
  highlight: DataGridProps<T>['highlight'];
  onOpen: DataGridProps<T>['onOpen'];
  selectable: boolean;
  selected: boolean;
  /** The row took focus (j / k, a click, the board's "new" rows): it is the chosen one. */
  onFocusRow: (id: string) => void;
  cellClass: string;
  actions: DataGridProps<T>['actions'];
  actionsClass: string;
  render: (cell: ReturnType<Row<Features, T>['getVisibleCells']>[number]) => ReactNode;
}) {
  const generation = useHighlight(highlight?.kind ?? '', highlight ? highlight.id(row.original) : -1);
  const open = onOpen
    ? (event: MouseEvent<HTMLTableRowElement>) => {
        if (isClickOnControl(event.target, event.currentTarget)) return;
        // Selecting text to copy it is not a click on the row.
        if (window.getSelection()?.toString()) return;
        onOpen(row.original);
      }
    : undefined;
  const cellBackground = 'bg-card group-hover:bg-muted group-data-[selected=true]:bg-accent';
  return (
    <tr
      {...rowAttributes?.(row.original)}
      data-row-key={row.id}
      data-selected={selected ? 'true' : undefined}
      // A table row's selection (ARIA's row takes aria-selected): every row of a grid with j / k says
      // whether it is the chosen one. The table keeps its table semantics: its cells are not a
      // composite widget of their own.
      aria-selected={selectable ? selected : undefined}
      tabIndex={-1}
      onFocus={selectable ? (event) => event.target === event.currentTarget && onFocusRow(row.id) : undefined}
      data-highlighted={generation ? 'true' : undefined}
      data-highlight-generation={generation}
      onClick={open}
      className={cn('group', onOpen && 'cursor-pointer', focusRing)}
    >
      {row.getVisibleCells().map((cell) => {
        const column = (cell.column.columnDef.meta as GridMeta).column as unknown as GridColumn<T>;
        return (
          <td
            key={cell.id}
            className={cn(
              'border-b border-border align-middle whitespace-nowrap',
              'group-hover:bg-muted group-data-[selected=true]:bg-accent',
              'first:group-data-[selected=true]:shadow-[inset_3px_0_0_var(--color-primary)]',
              cellClass,
              column.align === 'right' && 'text-right',
            )}
          >
            <div className={cn('truncate', column.width)} title={column.title?.(row.original)}>
              {render(cell)}
            </div>
          </td>
        );
      })}
      <td
        data-pinned
        className={cn(
          'border-b align-middle whitespace-nowrap',
          cellClass,
          'py-0',
          cellBackground,
          actionsClass,
        )}
      >
        {actions ? actions.cell(row.original) : null}
      </td>
    </tr>
  );
}
