import { fieldControlProps } from '../../../components/ui/field';
import { CityCombobox } from '../../places';

/**
 * The city of a radius search: the gazetteer's city picker (GET /api/v1/cities), suggesting the
 * state's places as one types. Any text is still sent: the API answers "City not found" itself.
 */
export function CityField({
  id,
  state,
  value,
  error,
  onChange,
}: {
  id: string;
  state: string;
  value: string;
  error: string | undefined;
  onChange: (city: string) => void;
}) {
  return (
    <CityCombobox
      state={state}
      value={value}
      onPick={onChange}
      disabled={!state}
      placeholder={state ? 'Start typing a city' : 'Select a state first'}
      inputProps={{
        ...fieldControlProps(id, error),
        value,
        onChange: (event) => onChange(event.target.value),
      }}
    />
  );
}
