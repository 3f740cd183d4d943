import { LANE_RADIUS_MAX_MILES, LANE_RADIUS_MIN_MILES } from '@dispatch/domain';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { StateOptions } from '../../../components/ui/state-options';
import { CityField } from '../../radius';
import type { LaneDraft } from '../lane-search';

type Errors = Partial<Record<keyof LaneDraft, string>>;

const radiusError = (text: string) => {
  const miles = Number(text);
  return text.trim() &&
    Number.isFinite(miles) &&
    miles >= LANE_RADIUS_MIN_MILES &&
    miles <= LANE_RADIUS_MAX_MILES
    ? undefined
    : `Radius must be a number from ${LANE_RADIUS_MIN_MILES} to ${LANE_RADIUS_MAX_MILES}`;
};

function check(draft: LaneDraft): Errors {
  const errors: Errors = {};
  if (!draft.originState) errors.originState = 'Origin state is required';
  if (!draft.originCity.trim()) errors.originCity = 'Origin city is required';
  const origin = radiusError(draft.originRadius);
  if (origin) errors.originRadius = origin;
  if (!draft.anywhere) {
    if (!draft.destinationState) errors.destinationState = 'Destination state is required';
    if (!draft.destinationCity.trim()) errors.destinationCity = 'Destination city is required';
    const destination = radiusError(draft.destinationRadius);
    if (destination) errors.destinationRadius = destination;
  }
  return errors;
}

/** From where to where: origin city and radius, destination city and radius or anywhere. */
export function LaneForm({
  initial,
  serverErrors,
  onSearch,
}: {
  initial: LaneDraft;
  serverErrors: Errors | undefined;
  onSearch: (draft: LaneDraft) => void;
}) {
  const ids = {
    originState: useId(),
    originCity: useId(),
    originRadius: useId(),
    destinationState: useId(),
    destinationCity: useId(),
    destinationRadius: useId(),
    anywhere: useId(),
  };
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const initialKey = JSON.stringify(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for `initial`'s content
  useEffect(() => {
    setDraft(initial);
    setErrors({});
  }, [initialKey]);
  const shown = { ...(JSON.stringify(draft) === initialKey ? serverErrors : {}), ...errors };
  const change = (changes: Partial<LaneDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const left = { ...current };
      for (const key of Object.keys(changes)) delete left[key as keyof LaneDraft];
      return left;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onSearch(draft);
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Search a lane" className="flex flex-col gap-4">
      <fieldset className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_minmax(0,8rem)] sm:items-start">
        <legend className="mb-2 text-sm font-semibold">From</legend>
        <Field id={ids.originState} label="Origin state" error={shown.originState}>
          <Select
            {...fieldControlProps(ids.originState, shown.originState)}
            value={draft.originState}
            onChange={(event) => change({ originState: event.target.value })}
          >
            <option value="">Select a state</option>
            <StateOptions />
          </Select>
        </Field>
        <Field id={ids.originCity} label="Origin city" error={shown.originCity}>
          <CityField
            id={ids.originCity}
            state={draft.originState}
            value={draft.originCity}
            error={shown.originCity}
            onChange={(originCity) => change({ originCity })}
          />
        </Field>
        <Field id={ids.originRadius} label="Within (miles)" error={shown.originRadius}>
          <Input
            {...fieldControlProps(ids.originRadius, shown.originRadius)}
            inputMode="decimal"
            value={draft.originRadius}
            onChange={(event) => change({ originRadius: event.target.value })}
          />
        </Field>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_minmax(0,8rem)] sm:items-start">
        <legend className="mb-2 flex items-center gap-3 text-sm font-semibold">
          To
          <label htmlFor={ids.anywhere} className="flex items-center gap-1.5 text-sm font-normal">
            <input
              id={ids.anywhere}
              type="checkbox"
              className="size-4 accent-primary"
              checked={draft.anywhere}
              onChange={(event) => change({ anywhere: event.target.checked })}
            />
            Anywhere
          </label>
        </legend>
        {draft.anywhere ? null : (
          <>
            <Field id={ids.destinationState} label="Destination state" error={shown.destinationState}>
              <Select
                {...fieldControlProps(ids.destinationState, shown.destinationState)}
                value={draft.destinationState}
                onChange={(event) => change({ destinationState: event.target.value })}
              >
                <option value="">Select a state</option>
                <StateOptions />
              </Select>
            </Field>
            <Field id={ids.destinationCity} label="Destination city" error={shown.destinationCity}>
              <CityField
                id={ids.destinationCity}
                state={draft.destinationState}
                value={draft.destinationCity}
                error={shown.destinationCity}
                onChange={(destinationCity) => change({ destinationCity })}
              />
            </Field>
            <Field id={ids.destinationRadius} label="Within (miles)" error={shown.destinationRadius}>
              <Input
                {...fieldControlProps(ids.destinationRadius, shown.destinationRadius)}
                inputMode="decimal"
                value={draft.destinationRadius}
                onChange={(event) => change({ destinationRadius: event.target.value })}
              />
            </Field>
          </>
        )}
      </fieldset>
      <div>
        <Button type="submit">
          <Search aria-hidden />
          Search
        </Button>
      </div>
    </form>
  );
}
