import { US_STATES } from '@dispatch/domain';

const statesByName = [...US_STATES].sort((a, b) => a.name.localeCompare(b.name, 'en-US'));

/**
 * The 50 states and DC as `<option>`s, in one order on every form: by name, the code beside it
 * ("Illinois (IL)"), the code as the value. A stored state the list lacks stays selectable.
 */
export function StateOptions({ state = '' }: { state?: string }) {
  const unknown = state && !statesByName.some(({ code }) => code === state);
  return (
    <>
      {statesByName.map(({ code, name }) => (
        <option key={code} value={code}>
          {name} ({code})
        </option>
      ))}
      {unknown ? <option value={state}>{state}</option> : null}
    </>
  );
}
