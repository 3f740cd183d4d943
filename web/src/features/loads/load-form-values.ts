import { formatUsPhone, type Load, type LoadInput, type LoadPatch, rateUnits } from '@dispatch/domain';
import { toDateInputValue, todayInputValue } from '../../lib/dates';
import type { RateUnitChoice } from './rate-units-memory';

/**
 * What the form's controls hold: strings for text, selects, the rate inputs and the date input.
 * The domain schema turns these into a `LoadInput` (empty text → null, rates → numbers or null,
 * the day → an ISO date).
 */
export interface LoadFormFields {
  trailerType: string;
  originState: string;
  originCity: string;
  destinationState: string;
  destinationCity: string;
  product: string;
  rateForTitan: string;
  rateForTitanUnit: string;
  rateForCarrier: string;
  rateForCarrierUnit: string;
  customerName: string;
  customerCountryCode: string;
  customerMobileNumber: string;
  customerEmail: string;
  dispatcherName: string;
  dispatcherCountryCode: string;
  dispatcherMobileNumber: string;
  dispatcherEmail: string;
  availabilityDate: string;
  notes: string;
}

export type LoadFormField = keyof LoadFormFields;

export const loadFormFields = [
  'trailerType',
  'originState',
  'originCity',
  'destinationState',
  'destinationCity',
  'product',
  'rateForTitan',
  'rateForTitanUnit',
  'rateForCarrier',
  'rateForCarrierUnit',
  'customerName',
  'customerCountryCode',
  'customerMobileNumber',
  'customerEmail',
  'dispatcherName',
  'dispatcherCountryCode',
  'dispatcherMobileNumber',
  'dispatcherEmail',
  'availabilityDate',
  'notes',
] as const satisfies readonly LoadFormField[];

/** The dispatcher contact fields, which a new post starts filled with (postings/contact-memory). */
export type LoadContactFields = Pick<
  LoadFormFields,
  'dispatcherName' | 'dispatcherEmail' | 'dispatcherCountryCode' | 'dispatcherMobileNumber'
>;

/**
 * A new load: both rate units preselected (`units`, else the first unit), so an empty rate never fails;
 * the dispatcher contact from `contact` when given.
 */
export function emptyLoadForm(
  now: Date = new Date(),
  units: RateUnitChoice = { rateForTitanUnit: rateUnits[0], rateForCarrierUnit: rateUnits[0] },
  contact?: LoadContactFields,
): LoadFormFields {
  return {
    trailerType: '',
    originState: '',
    originCity: '',
    destinationState: '',
    destinationCity: '',
    product: '',
    rateForTitan: '',
    rateForTitanUnit: units.rateForTitanUnit,
    rateForCarrier: '',
    rateForCarrierUnit: units.rateForCarrierUnit,
    customerName: '',
    customerCountryCode: '+1',
    customerMobileNumber: '',
    customerEmail: '',
    dispatcherName: '',
    dispatcherCountryCode: '+1',
    dispatcherMobileNumber: '',
    dispatcherEmail: '',
    availabilityDate: todayInputValue(now),
    notes: '',
    ...contact,
  };
}

const rateText = (rate: number | null) => (rate === null ? '' : String(rate));

/** A posting as its edit form starts: its own values, phones in the one national format. */
export function loadToFormFields(load: Load): LoadFormFields {
  return {
    trailerType: load.trailerType,
    originState: load.originState,
    originCity: load.originCity,
    destinationState: load.destinationState,
    destinationCity: load.destinationCity,
    product: load.product,
    rateForTitan: rateText(load.rateForTitan),
    rateForTitanUnit: load.rateForTitanUnit,
    rateForCarrier: rateText(load.rateForCarrier),
    rateForCarrierUnit: load.rateForCarrierUnit,
    customerName: load.customerName ?? '',
    customerCountryCode: load.customerCountryCode || '+1',
    customerMobileNumber: formatUsPhone(load.customerMobileNumber ?? ''),
    customerEmail: load.customerEmail ?? '',
    dispatcherName: load.dispatcherName,
    dispatcherCountryCode: load.dispatcherCountryCode || '+1',
    dispatcherMobileNumber: formatUsPhone(load.dispatcherMobileNumber),
    dispatcherEmail: load.dispatcherEmail,
    availabilityDate: toDateInputValue(load.availabilityDate),
    notes: load.notes ?? '',
  };
}

/**
 * An edit sends only what the dispatcher changed, with the version they loaded: the event
 * history then says what an edit was about, and a concurrent edit of other fields is still
 * caught by the version.
 */
export function loadPatchOf(
  values: LoadInput,
  dirty: Partial<Record<LoadFormField, boolean | undefined>>,
  version: number,
): LoadPatch | null {
  const changes: Partial<LoadInput> = {};
  for (const field of loadFormFields) {
    if (dirty[field]) Object.assign(changes, { [field]: values[field] });
  }
  return Object.keys(changes).length ? { ...changes, version } : null;
}
