import { z } from 'zod';
import { directions, trailerTypes } from '../shared/enums.ts';
import { email, isoDate, optionalText, requiredText, usPhone } from '../shared/fields.ts';

const max50 = (message: string) => ({ length: 50, message });
const notesMax = { length: 500, message: 'Notes cannot be more than 500 characters' };

const trailerType = z.enum(trailerTypes, { error: 'Trailer type is required' });
const direction = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .enum(directions, { error: 'Select a valid direction' })
    .nullish()
    .transform((value) => value ?? null),
);
const status = z.boolean({ error: 'Status must be true or false' });
const countryCode = z
  .string()
  .trim()
  .regex(/^\+\d{1,3}$/, 'Country code must look like +1');

/** The truck form of SPEC section 5, create variant (with the length maxima). */
export const truckCreateSchema = z.object({
  trailerType,
  companyName: optionalText(max50('Company name cannot be more than 50 characters')),
  unitNumber: optionalText(max50('Unit number cannot be more than 50 characters')),
  truckName: requiredText('Truck name', max50('Truck name cannot be more than 50 characters')),
  truckState: requiredText('Truck state'),
  truckCity: requiredText('Truck city'),
  preferedState: optionalText(),
  preferedCity: optionalText(),
  direction,
  status: status.default(true),
  availabilityDate: isoDate('Availability date'),
  dispatcherName: requiredText('Dispatcher name', max50('Dispatcher name cannot be more than 50 characters')),
  dispatcherCountryCode: countryCode.default('+1'),
  dispatcherMobileNumber: usPhone(),
  dispatcherEmail: email('Dispatcher email', max50('Dispatcher email cannot be more than 50 characters')),
  notes: optionalText(notesMax),
});

/** Edit variant: the same required fields and phone and e-mail rules, without the length maxima. */
export const truckEditSchema = z.object({
  trailerType,
  companyName: optionalText(),
  unitNumber: optionalText(),
  truckName: requiredText('Truck name'),
  truckState: requiredText('Truck state'),
  truckCity: requiredText('Truck city'),
  preferedState: optionalText(),
  preferedCity: optionalText(),
  direction,
  status,
  availabilityDate: isoDate('Availability date'),
  dispatcherName: requiredText('Dispatcher name'),
  dispatcherCountryCode: countryCode.default('+1'),
  dispatcherMobileNumber: usPhone(),
  dispatcherEmail: email('Dispatcher email'),
  notes: optionalText(),
});

/**
 * PATCH body: any subset of the edit fields, plus the version the editor read.
 * A stated version that is no longer current is refused with 409.
 */
export const truckPatchSchema = truckEditSchema
  // no defaults in a patch: an absent field stays as it is
  .extend({ dispatcherCountryCode: countryCode })
  .partial()
  .extend({ version: z.number().int().nonnegative().optional() })
  .strict();

export type TruckInput = z.output<typeof truckCreateSchema>;
export type TruckFormValues = z.input<typeof truckCreateSchema>;
export type TruckChanges = Partial<z.output<typeof truckEditSchema>>;
export type TruckPatch = z.output<typeof truckPatchSchema>;

export const truckFields = Object.keys(truckEditSchema.shape) as (keyof TruckInput)[];

/** A truck as the read side serves it (SPEC section 3). */
export interface Truck extends TruckInput {
  id: number;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
  /** Stream revision: what an edit states as the version it read. */
  version: number;
}
