import { RADIUS_MAX_MILES, RADIUS_MIN_MILES } from '@dispatch/domain';
import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { StateOptions } from '../../../components/ui/state-options';
import { cn } from '../../../lib/cn';
import { checkPlaceForm, type RadiusPlaceDraft, type RadiusPlaceErrors } from '../radius-search';
import { CityField } from './city-field';

/** Radii offered as suggestions in the radius box; any from 1 to 5000 miles may be typed. */
const suggestedRadii = [25, 50, 100, 200, 300, 500, 1000];

/** Two or three choices as one row of toggles (radio buttons under the hood). */
export function Segmented<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col">
      <legend className="mb-1.5 text-sm font-medium leading-none">{legend}</legend>
      <div className="inline-flex w-fit rounded-md border border-input bg-card p-0.5 shadow-xs">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded-[5px] px-3 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === option.value
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:bg-accent hover:text-foreground',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface RadiusPlaceFormProps {
  /** The form as the page's search has it (empty for the empty form). */
  initial: RadiusPlaceDraft;
  /** Trucks or loads, and for loads which end: the radius search asks; the all-around view shows both. */
  withKind: boolean;
  /** What the server said about the search shown, e.g. `{ city: 'City not found in ME' }`. */
  serverErrors?: RadiusPlaceErrors | undefined;
  /** A search is shown: changing trucks or loads, or the end, searches again at once. */
  searching: boolean;
  onSearch: (form: RadiusPlaceDraft) => void;
  /** Below the button row, e.g. a link to the other view. */
  footer?: ReactNode;
}

/**
 * Where to search: state, city and radius (and what for). It holds a draft until Search is pressed,
 * so that typing a radius does not search at every key; the search itself lives in the URL.
 */
export function RadiusPlaceForm({
  initial,
  withKind,
  serverErrors,
  searching,
  onSearch,
  footer,
}: RadiusPlaceFormProps) {
  const ids = {
    state: useId(),
    city: useId(),
    radius: useId(),
    radii: useId(),
    kind: useId(),
    around: useId(),
  };
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<RadiusPlaceErrors>({});
  // Back, forward or a link changes the search: the form follows it.
  const initialKey = JSON.stringify(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for `initial`'s content
  useEffect(() => {
    setDraft(initial);
    setErrors({});
  }, [initialKey]);

  const shownErrors: RadiusPlaceErrors = {
    ...(draftMatches(draft, initial) ? serverErrors : {}),
    ...errors,
  };

  const change = (changes: Partial<RadiusPlaceDraft>, submitNow = false) => {
    const next = { ...draft, ...changes };
    setDraft(next);
    setErrors((current) => {
      const left = { ...current };
      for (const key of Object.keys(changes)) delete left[key as keyof RadiusPlaceErrors];
      return left;
    });
    if (submitNow && searching && Object.keys(checkPlaceForm(next)).length === 0) onSearch(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPlaceForm(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onSearch(draft);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Search around a city" className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,13rem)_minmax(0,1fr)_minmax(0,9rem)_auto] lg:items-start">
        <Field id={ids.state} label="State" error={shownErrors.state}>
          <Select
            {...fieldControlProps(ids.state, shownErrors.state)}
            value={draft.state}
            onChange={(event) => change({ state: event.target.value })}
          >
            <option value="">Select a state</option>
            <StateOptions />
          </Select>
        </Field>
        <Field id={ids.city} label="City" error={shownErrors.city}>
          <CityField
            id={ids.city}
            state={draft.state}
            value={draft.city}
            error={shownErrors.city}
            onChange={(city) => change({ city })}
          />
        </Field>
        <Field id={ids.radius} label="Radius (miles)" error={shownErrors.radius}>
          <Input
            {...fieldControlProps(ids.radius, shownErrors.radius)}
            type="number"
            inputMode="decimal"
            min={RADIUS_MIN_MILES}
            max={RADIUS_MAX_MILES}
            step="any"
            list={ids.radii}
            value={draft.radius}
            onChange={(event) => change({ radius: event.target.value })}
          />
          <datalist id={ids.radii}>
            {suggestedRadii.map((miles) => (
              <option key={miles} value={miles} />
            ))}
          </datalist>
        </Field>
        <div className="flex sm:col-span-2 lg:col-span-1 lg:pt-5">
          <Button type="submit" className="w-full lg:w-auto">
            <Search aria-hidden />
            Search
          </Button>
        </div>
      </div>
      {withKind || footer ? (
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
          {withKind ? (
            <div className="flex flex-wrap gap-x-6 gap-y-3">
              <Segmented
                legend="Search for"
                name={ids.kind}
                options={[
                  { value: 'trucks', label: 'Trucks' },
                  { value: 'loads', label: 'Loads' },
                ]}
                value={draft.searchType}
                onChange={(searchType) => change({ searchType }, true)}
              />
              {draft.searchType === 'loads' ? (
                <Segmented
                  legend="Around the load's"
                  name={ids.around}
                  options={[
                    { value: 'origin', label: 'Origin' },
                    { value: 'destination', label: 'Destination' },
                  ]}
                  value={draft.around}
                  onChange={(around) => change({ around }, true)}
                />
              ) : null}
            </div>
          ) : (
            <span />
          )}
          {footer}
        </div>
      ) : null}
    </form>
  );
}

/** Whether the form still shows the search the server answered about. */
function draftMatches(draft: RadiusPlaceDraft, initial: RadiusPlaceDraft): boolean {
  return (
    draft.state === initial.state &&
    draft.city.trim().toLowerCase() === initial.city.trim().toLowerCase() &&
    draft.radius === initial.radius
  );
}

/** The form's fields as a search has them, or blank for the empty form. */
export function placeFormOf(search: {
  state?: string | undefined;
  city?: string | undefined;
  radius?: number | undefined;
  searchType?: RadiusPlaceDraft['searchType'] | undefined;
  around?: RadiusPlaceDraft['around'] | undefined;
}): RadiusPlaceDraft {
  return {
    state: search.state ?? '',
    city: search.city ?? '',
    radius: search.radius === undefined ? '' : String(search.radius),
    searchType: search.searchType ?? 'trucks',
    around: search.around ?? 'origin',
  };
}
