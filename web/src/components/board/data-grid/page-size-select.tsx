import { useId } from 'react';
import { Select } from '../../ui/select';
import { type GridPageSize, gridPageSizes, isGridPageSize } from './grid-preferences';
import { type GridId, useSavedPageSize } from './use-grid-preferences';

/** Rows per page of a grid's list: changes the list (its address) and is saved for the user. */
export function PageSizeSelect({
  gridId,
  value,
  onChange,
}: {
  gridId: GridId;
  value: number;
  onChange: (size: GridPageSize) => void;
}) {
  const { save } = useSavedPageSize(gridId);
  return (
    <RowsPerPageSelect
      sizes={gridPageSizes}
      value={value}
      onChange={(size) => {
        if (!isGridPageSize(size)) return;
        save(size);
        onChange(size);
      }}
    />
  );
}

/** Rows per page of a list, among `sizes` (and the current value, when the address asks for another). */
export function RowsPerPageSelect({
  sizes,
  value,
  onChange,
}: {
  sizes: readonly number[];
  value: number;
  onChange: (size: number) => void;
}) {
  const id = useId();
  const options = sizes.includes(value) ? sizes : [...sizes, value];
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Rows per page
      </label>
      <Select
        id={id}
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-8 w-auto text-xs"
      >
        {options.map((size) => (
          <option key={size} value={size}>
            {size} per page
          </option>
        ))}
      </Select>
    </>
  );
}
