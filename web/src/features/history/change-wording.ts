import {
  directionLabels,
  formatUsPhone,
  productLabels,
  rateUnitLabels,
  trailerTypeLabels,
} from '@dispatch/domain';
import { formatCalendarDay } from '../../lib/dates';
import { formatMoney } from '../../lib/money';

/** The form's words for a posting's fields; anything else is spelled out from its name. */
const fieldLabels: Record<string, string> = {
  trailerType: 'Trailer type',
  companyName: 'Company name',
  unitNumber: 'Unit number',
  truckName: 'Truck name',
  truckState: 'Truck state',
  truckCity: 'Truck city',
  preferedState: 'Preferred state',
  preferedCity: 'Preferred city',
  direction: 'Direction',
  status: 'Status',
  availabilityDate: 'Availability date',
  dispatcherName: 'Dispatcher name',
  dispatcherCountryCode: 'Dispatcher country code',
  dispatcherMobileNumber: 'Dispatcher phone',
  dispatcherEmail: 'Dispatcher email',
  notes: 'Notes',
  originState: 'Origin state',
  originCity: 'Origin city',
  destinationState: 'Destination state',
  destinationCity: 'Destination city',
  product: 'Product',
  rateForTitan: 'Our rate',
  rateForTitanUnit: 'Our rate unit',
  rateForCarrier: 'Carrier rate',
  rateForCarrierUnit: 'Carrier rate unit',
  customerName: 'Customer name',
  customerCountryCode: 'Customer country code',
  customerMobileNumber: 'Customer phone',
  customerEmail: 'Customer email',
};

export function fieldLabel(field: string): string {
  const known = fieldLabels[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const enumLabels: Record<string, Record<string, string>> = {
  trailerType: trailerTypeLabels,
  direction: directionLabels,
  product: productLabels,
  rateForTitanUnit: rateUnitLabels,
  rateForCarrierUnit: rateUnitLabels,
};

/** A field's value as the screens show it: labels for enumerations, dates as "Nov 21, 2026", phones as "(312) 555-0199". */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status' && typeof value === 'boolean') return value ? 'Available' : 'Not available';
  if (field === 'availabilityDate' && typeof value === 'string') return formatCalendarDay(value) || value;
  // Phone numbers as the boards show them, "(312) 555-0199".
  if (field.endsWith('MobileNumber') && typeof value === 'string') return formatUsPhone(value);
  if (typeof value === 'string') return enumLabels[field]?.[value] ?? value;
  // A rate as money, "$1.10"; its unit is a change of its own.
  if ((field === 'rateForTitan' || field === 'rateForCarrier') && typeof value === 'number') {
    return formatMoney(value);
  }
  return String(value);
}

/** What an event did, in words: "posted", "edited", "removed". */
export function actionOf(type: string): string {
  if (type.endsWith('Posted')) return 'posted';
  if (type.endsWith('Updated')) return 'edited';
  if (type.endsWith('Removed')) return 'removed';
  return type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
