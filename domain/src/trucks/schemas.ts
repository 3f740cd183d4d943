import { z } from 'zod';
import { enumField, oneOfMessage } from '../shared/enum-field.ts';
import { directions, trailerTypes } from '../shared/enums.ts';
import {
  email,
  isoDate,
  NOTES_MAX,
  optionalText,
  requiredText,
  streamVersion,
  usPhone,
} from '../shared/fields.ts';
import { optionalUsState, usState } from '../shared/us-states.ts';

const trailerType = enumField(trailerTypes, 'Trailer type');
const direction = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .enum(directions, { error: oneOfMessage('Direction', directions) })
    .nullish()
    .transform((value) => value ?? null),
);
const status = z.boolean({ error: 'Status must be true or false' });
const countryCode = z
  .string()
  .trim()
  .regex(/^\+\d{1,3}$/, 'Country code must look like +1');

/**
 * The truck form of docs/rules.md#validation, create variant: the spec's length maxima ("Truck name cannot be
 * more than 50 characters", …); the text the spec gives no maximum has the server's cap of
 * TEXT_MAX characters ("Truck state cannot be more than 200 characters").
 */
export const truckCreateSchema = z.object({
  trailerType,
  companyName: optionalText('Company name', 50),
  unitNumber: optionalText('Unit number', 50),
  truckName: requiredText('Truck name', 50),
  truckState: usState('Truck state'),
  truckCity: requiredText('Truck city'),
  preferedState: optionalUsState('Preferred state'),
  preferedCity: optionalText('Preferred city'),
  direction,
  status: status.default(true),
  availabilityDate: isoDate('Availability date'),
  dispatcherName: requiredText('Dispatcher name', 50),
  dispatcherCountryCode: countryCode.default('+1'),
  dispatcherMobileNumber: usPhone(),
  dispatcherEmail: email('Dispatcher email', 50),
  notes: optionalText('Notes', 500, 'lines'),
});

/**
 * Edit variant: the same required fields and phone and e-mail rules. The spec gives the edit form
 * no length maxima; the server still caps every text: TEXT_MAX characters, an e-mail EMAIL_MAX,
 * notes NOTES_MAX.
 */
export const truckEditSchema = z.object({
  trailerType,
  companyName: optionalText('Company name'),
  unitNumber: optionalText('Unit number'),
  truckName: requiredText('Truck name'),
  truckState: usState('Truck state'),
  truckCity: requiredText('Truck city'),
  preferedState: optionalUsState('Preferred state'),
  preferedCity: optionalText('Preferred city'),
  direction,
  status,
  availabilityDate: isoDate('Availability date'),
  dispatcherName: requiredText('Dispatcher name'),
  dispatcherCountryCode: countryCode.default('+1'),
  dispatcherMobileNumber: usPhone(),
  dispatcherEmail: email('Dispatcher email'),
  notes: optionalText('Notes', NOTES_MAX, 'lines'),
});

/**
 * PATCH body: any subset of the edit fields, plus the version the editor read.
 * A stated version that is no longer current is refused with 409.
 */
export const truckPatchSchema = truckEditSchema
  // no defaults in a patch: an absent field stays as it is
  .extend({ dispatcherCountryCode: countryCode })
  .partial()
  .extend({ version: streamVersion().optional() })
  .strict();

export type TruckInput = z.output<typeof truckCreateSchema>;
export type TruckFormValues = z.input<typeof truckCreateSchema>;
export type TruckChanges = Partial<z.output<typeof truckEditSchema>>;
export type TruckPatch = z.output<typeof truckPatchSchema>;

export const truckFields = Object.keys(truckEditSchema.shape) as (keyof TruckInput)[];

/** A truck as the read side serves it (docs/rules.md#entities-and-fields). */
export interface Truck extends TruckInput {
  id: number;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
  /** Stream revision: what an edit states as the version it read. */
  version: number;
  /** First posted; its age counts from `refreshedAt`, the posting or its last refresh (docs/rules.md#posting-age-and-expiry). */
  postedAt?: string;
  refreshedAt?: string;
  /** When it leaves the live board unless refreshed (the read side's, from the organization's settings). */
  expiresAt?: string;
  /** Off the live board until re-posted. */
  expired?: boolean;
}
