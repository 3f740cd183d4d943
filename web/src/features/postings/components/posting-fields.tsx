/** The fields the truck and load forms share by name, and the place pickers' options. */
import { trailerTypeLabels, trailerTypes } from '@dispatch/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, type fieldControlProps } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { StateOptions } from '../../../components/ui/state-options';
import { CityCombobox } from '../../places';

/** A form's wiring for the fields named N (from usePostingForm). */
export interface FieldKit<N extends string> {
  fieldId: (name: N) => string;
  error: (name: N) => string | undefined;
  control: (name: N, hint?: string) => ReturnType<typeof fieldControlProps>;
  bind: (name: N, hint?: string) => ReturnType<typeof fieldControlProps> & UseFormRegisterReturn;
}

/** A form's wiring for a state and city pair: a new state clears the city; a picked place fills it. */
export interface PlaceKit<N extends string> extends FieldKit<N> {
  onStateChange: (stateField: N, cityField: N) => UseFormRegisterReturn;
  pick: (cityField: N, name: string) => void;
}

export interface PlaceFieldsProps<N extends string> {
  kit: PlaceKit<N>;
  fields: { state: N; city: N };
  labels: { state: string; city: string };
  /** The picked state and city, watched by the form. */
  values: { state: string; city: string };
  /** An optional place offers "Any state" and "Any city" and says it is optional. */
  optional?: boolean;
}

/** A state picker (the 50 states and DC) and a city field that suggests the places of that state. */
export function PlaceFields<N extends string>({
  kit,
  fields,
  labels,
  values,
  optional = false,
}: PlaceFieldsProps<N>) {
  const hint = optional ? 'Optional' : undefined;
  const cityPrompt = !values.state ? 'Select a state first' : optional ? 'Any city' : 'Type to search';
  return (
    <>
      <Field id={kit.fieldId(fields.state)} label={labels.state} hint={hint} error={kit.error(fields.state)}>
        <Select {...kit.control(fields.state, hint)} {...kit.onStateChange(fields.state, fields.city)}>
          <option value="">{optional ? 'Any state' : 'Select a state'}</option>
          <StateOptions state={values.state} />
        </Select>
      </Field>
      <Field id={kit.fieldId(fields.city)} label={labels.city} hint={hint} error={kit.error(fields.city)}>
        <CityCombobox
          state={values.state}
          value={values.city ?? ''}
          onPick={(name) => kit.pick(fields.city, name)}
          inputProps={kit.bind(fields.city, hint)}
          disabled={!values.state}
          placeholder={cityPrompt}
        />
      </Field>
    </>
  );
}

export function TrailerTypeField({ kit }: { kit: FieldKit<'trailerType'> }) {
  return (
    <Field id={kit.fieldId('trailerType')} label="Trailer type" error={kit.error('trailerType')}>
      <Select {...kit.bind('trailerType')}>
        <option value="">Select a trailer type</option>
        {trailerTypes.map((type) => (
          <option key={type} value={type}>
            {trailerTypeLabels[type]}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function AvailabilityDateField({ kit }: { kit: FieldKit<'availabilityDate'> }) {
  return (
    <Field
      id={kit.fieldId('availabilityDate')}
      label="Availability date"
      error={kit.error('availabilityDate')}
    >
      <Input type="date" {...kit.bind('availabilityDate')} />
    </Field>
  );
}

/** The dispatcher's name and e-mail; each form places the phone its own way. */
export function DispatcherFields({ kit }: { kit: FieldKit<'dispatcherName' | 'dispatcherEmail'> }) {
  return (
    <>
      <Field id={kit.fieldId('dispatcherName')} label="Dispatcher name" error={kit.error('dispatcherName')}>
        <Input autoComplete="name" {...kit.bind('dispatcherName')} />
      </Field>
      <Field
        id={kit.fieldId('dispatcherEmail')}
        label="Dispatcher email"
        error={kit.error('dispatcherEmail')}
      >
        <Input type="email" autoComplete="email" {...kit.bind('dispatcherEmail')} />
      </Field>
    </>
  );
}

export function NotesField({ kit }: { kit: FieldKit<'notes'> }) {
  return (
    <Field
      id={kit.fieldId('notes')}
      label="Notes"
      hint="Optional"
      error={kit.error('notes')}
      className="sm:col-span-2"
    >
      <Textarea rows={4} {...kit.bind('notes', 'Optional')} />
    </Field>
  );
}
