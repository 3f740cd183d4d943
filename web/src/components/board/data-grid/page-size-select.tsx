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
  const id = useId();
  const { save } = useSavedPageSize(gridId);
  const sizes: readonly number[] = isGridPageSize(value) ? gridPageSizes : [...gridPageSizes, value];
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Rows per page
      </label>
      <Select
        id={id}
        value={String(value)}
        onChange={(event) => {
          const size = Number(event.target.value);
          if (!isGridPageSize(size)) return;
          save(size);
          onChange(size);
        }}
        className="h-8 w-auto text-xs"
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size} per page
          </option>
        ))}
      </Select>
    </>
  );
}
