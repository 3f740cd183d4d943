import type { RowData } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, Columns3, RotateCcw } from 'lucide-react';
import { Button } from '../../ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import type { GridColumn, GridTableInstance } from './grid-features';
import { type GridDensity, gridDensities, moveColumn } from './grid-preferences';
import type { GridPreferencesApi } from './use-grid-preferences';

const densityLabels: Record<GridDensity, string> = { compact: 'Compact', comfortable: 'Comfortable' };

/**
 * The grid's "Columns" menu: show or hide each column, move it left or right, the density of the
 * rows, and back to the grid's own layout. Saved for the user (use-grid-preferences).
 */
export function GridColumnsMenu<T extends RowData>({
  table,
  columns,
  preferences,
}: {
  table: GridTableInstance<T>;
  columns: GridColumn<T>[];
  preferences: GridPreferencesApi;
}) {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const order = preferences.columnOrder;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 gap-1 px-1.5 text-muted-foreground hover:text-foreground"
          title="Columns, their order and the density of the rows"
        >
          <Columns3 aria-hidden />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="max-h-[min(32rem,var(--radix-dropdown-menu-content-available-height))] w-64 overflow-y-auto"
      >
        <DropdownMenuLabel>Columns</DropdownMenuLabel>
        {order.map((id, index) => {
          const column = byId.get(id);
          const tableColumn = table.getColumn(id);
          if (!column || !tableColumn) return null;
          const move = (delta: -1 | 1) => table.setColumnOrder(moveColumn(order, id, delta));
          return (
            <div key={id} className="flex items-center">
              <DropdownMenuCheckboxItem
                className="min-w-0 flex-1"
                checked={tableColumn.getIsVisible()}
                disabled={!tableColumn.getCanHide()}
                onCheckedChange={(checked) => tableColumn.toggleVisibility(checked === true)}
                onSelect={(event) => event.preventDefault()}
              >
                <span className="truncate">{column.label}</span>
              </DropdownMenuCheckboxItem>
              <DropdownMenuItem
                aria-label={`Move ${column.label} left`}
                title="Move left"
                disabled={index === 0}
                className="px-1.5"
                onSelect={(event) => {
                  event.preventDefault();
                  move(-1);
                }}
              >
                <ChevronLeft aria-hidden />
              </DropdownMenuItem>
              <DropdownMenuItem
                aria-label={`Move ${column.label} right`}
                title="Move right"
                disabled={index === order.length - 1}
                className="px-1.5"
                onSelect={(event) => {
                  event.preventDefault();
                  move(1);
                }}
              >
                <ChevronRight aria-hidden />
              </DropdownMenuItem>
            </div>
          );
        })}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Density</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={preferences.preferences.density}
          onValueChange={(value) => preferences.setDensity(value as GridDensity)}
        >
          {gridDensities.map((density) => (
            <DropdownMenuRadioItem key={density} value={density}>
              {densityLabels[density]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => preferences.reset()}>
          <RotateCcw aria-hidden />
          Reset columns
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
