import { Search } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { useDebouncedText } from '../../lib/use-debounced-value';
import { Input } from '../ui/input';

/** A labelled control of the filter bar. */
export function FilterField({
  label,
  htmlFor,
  hideLabel = false,
  children,
}: {
  label: string;
  htmlFor?: string;
  /** The label for screen readers only (the field's placeholder says the same). */
  hideLabel?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label
        htmlFor={htmlFor}
        className={hideLabel ? 'sr-only' : 'text-xs font-medium text-muted-foreground'}
      >
        {label}
      </label>
      {children}
    </div>
  );
}

/** A text filter that updates the URL a moment after typing stops, not on every key. */
export function TextFilter({
  label,
  value,
  onChange,
  icon = false,
  placeholder,
  hideLabel = false,
  className,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  icon?: boolean;
  placeholder?: string;
  hideLabel?: boolean;
  /** The input's classes (its height, in a toolbar). */
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useDebouncedText(value, onChange);

  return (
    <FilterField label={label} htmlFor={id} hideLabel={hideLabel}>
      <div className="relative">
        {icon ? (
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
        ) : null}
        <Input
          id={id}
          type="search"
          placeholder={placeholder ?? label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={cn(icon && 'pl-8', className)}
        />
      </div>
    </FilterField>
  );
}

/** One chip of a filter that takes one value or several: pressed while its value is chosen. */
export function ToggleChip({
  on,
  onClick,
  children,
}: {
  on: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={cn(
        'h-7 cursor-pointer rounded-full border px-2.5 text-xs font-medium transition-colors',
        on
          ? 'border-primary bg-primary/10 text-primary'
          : 'border-border text-muted-foreground hover:bg-accent hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}

/** Toggle chips for a filter that takes one value or several; none selected means any. */
export function ChoiceChips<T extends string>({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  selected: readonly string[] | undefined;
  onChange: (next: T[] | undefined) => void;
}) {
  const current = selected ?? [];
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-xs font-medium text-muted-foreground">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => {
          const on = current.includes(option.value);
          return (
            <ToggleChip
              key={option.value}
              on={on}
              onClick={() => {
                const next = options
                  .map((candidate) => candidate.value)
                  .filter((value) => (value === option.value ? !on : current.includes(value)));
                onChange(next.length ? next : undefined);
              }}
            >
              {option.label}
            </ToggleChip>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A number typed as the list takes it (decimal digits, a fraction, a minus sign), else nothing. */
const numberOf = (text: string | undefined) =>
  text !== undefined && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;

/**
 * A range filter: a minimum and a maximum, each applied a moment after typing stops; either may be
 * left empty. `unit` says what the numbers count ("mi", "$/mi", "$").
 */
export function RangeFilter({
  label,
  unit,
  min,
  max,
  onChange,
}: {
  label: string;
  unit: string;
  min: number | undefined;
  max: number | undefined;
  onChange: (range: { min: number | undefined; max: number | undefined }) => void;
}) {
  const id = useId();
  const [minText, setMinText] = useDebouncedText(min?.toString(), (text) =>
    onChange({ min: numberOf(text), max }),
  );
  const [maxText, setMaxText] = useDebouncedText(max?.toString(), (text) =>
    onChange({ min, max: numberOf(text) }),
  );
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-xs font-medium text-muted-foreground">
        {label} <span className="font-normal">({unit})</span>
      </legend>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-min`} className="sr-only">{`Minimum ${label.toLowerCase()}`}</label>
        <Input
          id={`${id}-min`}
          inputMode="decimal"
          placeholder="Min"
          value={minText}
          onChange={(event) => setMinText(event.target.value)}
        />
        <span aria-hidden className="text-muted-foreground">
          –
        </span>
        <label htmlFor={`${id}-max`} className="sr-only">{`Maximum ${label.toLowerCase()}`}</label>
        <Input
          id={`${id}-max`}
          inputMode="decimal"
          placeholder="Max"
          value={maxText}
          onChange={(event) => setMaxText(event.target.value)}
        />
      </div>
    </fieldset>
  );
}
