import { formatUsPhone, type Truck, type TruckInput, type TruckPatch, usCities } from '@dispatch/domain';
import { toDateInputValue, todayInputValue } from '../../lib/dates';

/**
 * What the form's controls hold: strings for text, selects and the date input, a boolean for
 * the status checkbox. The domain schema turns these into a `TruckInput` (empty text → null,
 * the day → an ISO date).
 */
export interface TruckFormFields {
  trailerType: string;
  companyName: string;
  unitNumber: string;
  truckName: string;
  truckState: string;
  truckCity: string;
  preferedState: string;
  preferedCity: string;
  direction: string;
  status: boolean;
  availabilityDate: string;
  dispatcherName: string;
  dispatcherCountryCode: string;
  dispatcherMobileNumber: string;
  dispatcherEmail: string;
  notes: string;
}

export type TruckFormField = keyof TruckFormFields;

export const truckFormFields = [
  'trailerType',
  'companyName',
  'unitNumber',
  'truckName',
  'truckState',
  'truckCity',
  'preferedState',
  'preferedCity',
  'direction',
  'status',
  'availabilityDate',
  'dispatcherName',
  'dispatcherCountryCode',
  'dispatcherMobileNumber',
  'dispatcherEmail',
  'notes',
] as const satisfies readonly TruckFormField[];

/** The dispatcher contact fields, which a new post starts filled with (postings/contact-memory). */
export type TruckContactFields = Pick<
  TruckFormFields,
  'dispatcherName' | 'dispatcherEmail' | 'dispatcherCountryCode' | 'dispatcherMobileNumber'
>;

export function emptyTruckForm(now: Date = new Date(), contact?: TruckContactFields): TruckFormFields {
  return {
    trailerType: '',
    companyName: '',
    unitNumber: '',
    truckName: '',
    truckState: '',
    truckCity: '',
    preferedState: '',
    preferedCity: '',
    direction: '',
    status: true,
    availabilityDate: todayInputValue(now),
    dispatcherName: '',
    dispatcherCountryCode: '+1',
    dispatcherMobileNumber: '',
    dispatcherEmail: '',
    notes: '',
    ...contact,
  };
}

/** A posting as its edit form starts: its own values, the phone in the one national format. */
export function truckToFormFields(truck: Truck): TruckFormFields {
  return {
    trailerType: truck.trailerType,
    companyName: truck.companyName ?? '',
    unitNumber: truck.unitNumber ?? '',
    truckName: truck.truckName,
    truckState: truck.truckState,
    truckCity: truck.truckCity,
    preferedState: truck.preferedState ?? '',
    preferedCity: truck.preferedCity ?? '',
    direction: truck.direction ?? '',
    status: truck.status,
    availabilityDate: toDateInputValue(truck.availabilityDate),
    dispatcherName: truck.dispatcherName,
    dispatcherCountryCode: truck.dispatcherCountryCode || '+1',
    dispatcherMobileNumber: formatUsPhone(truck.dispatcherMobileNumber),
    dispatcherEmail: truck.dispatcherEmail,
    notes: truck.notes ?? '',
  };
}

/**
 * An edit sends only what the dispatcher changed, with the version they loaded: the event
 * history then says what an edit was about, and a concurrent edit of other fields is still
 * caught by the version.
 */
export function truckPatchOf(
  values: TruckInput,
  dirty: Partial<Record<TruckFormField, boolean | undefined>>,
  version: number,
): TruckPatch | null {
  const changes: Partial<TruckInput> = {};
  for (const field of truckFormFields) {
    if (dirty[field]) Object.assign(changes, { [field]: values[field] });
  }
  return Object.keys(changes).length ? { ...changes, version } : null;
}

/** The cities of a state for its select, keeping a stored city the list does not know. */
export function cityOptions(state: string, current = ''): string[] {
  const cities = usCities.filter((city) => city.state === state).map((city) => city.city);
  if (current && !cities.includes(current)) cities.push(current);
  return cities.sort((a, b) => a.localeCompare(b));
}
