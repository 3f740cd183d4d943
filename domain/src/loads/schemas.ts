import { z } from 'zod';
import { products, rateUnits, trailerTypes } from '../shared/enums.ts';
import {
  countryCode,
  email,
  isoDate,
  optionalEmail,
  optionalText,
  optionalUsPhone,
  requiredText,
  usPhone,
} from '../shared/fields.ts';

const max50 = (message: string) => ({ length: 50, message });
const notesMax = { length: 500, message: 'Notes cannot be more than 500 characters' };

export const RATE_MESSAGE = 'Should be a positive number';

const trailerType = z.enum(trailerTypes, { error: 'Trailer type is required' });
const product = z.enum(products, { error: 'Product is required' });
const rateUnit = (label: string) => z.enum(rateUnits, { error: `${label} is required` });

/**
 * A rate is a non-negative number or nothing (SPEC section 3: nullable). Form inputs send text, so
 * an empty value means null and digits are read as a number; anything else is refused with the
 * spec's message.
 */
const rate = z.preprocess((value) => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}, z.number({ error: RATE_MESSAGE }).min(0, RATE_MESSAGE).nullable());

/** The load form of SPEC section 5, create variant (with the length maxima). */
export const loadCreateSchema = z.object({
  trailerType,
  originState: requiredText('Origin state'),
  originCity: requiredText('Origin city'),
  destinationState: requiredText('Destination state'),
  destinationCity: requiredText('Destination city'),
  product,
  rateForTitan: rate,
  rateForTitanUnit: rateUnit('Rate for Titan unit'),
  rateForCarrier: rate,
  rateForCarrierUnit: rateUnit('Rate for carrier unit'),
  customerName: optionalText(max50('Customer name cannot be more than 50 characters')),
  customerCountryCode: countryCode().default('+1'),
  customerMobileNumber: optionalUsPhone(),
  customerEmail: optionalEmail(max50('Customer email cannot be more than 50 characters')),
  dispatcherName: requiredText('Dispatcher name', max50('Dispatcher name cannot be more than 50 characters')),
  dispatcherCountryCode: countryCode().default('+1'),
  dispatcherMobileNumber: usPhone(),
  dispatcherEmail: email('Dispatcher email', max50('Dispatcher email cannot be more than 50 characters')),
  availabilityDate: isoDate('Availability date'),
  notes: optionalText(notesMax),
});

/** Edit variant: the same required fields, phone, e-mail and rate rules, without the length maxima. */
export const loadEditSchema = z.object({
  trailerType,
  originState: requiredText('Origin state'),
  originCity: requiredText('Origin city'),
  destinationState: requiredText('Destination state'),
  destinationCity: requiredText('Destination city'),
  product,
  rateForTitan: rate,
  rateForTitanUnit: rateUnit('Rate for Titan unit'),
  rateForCarrier: rate,
  rateForCarrierUnit: rateUnit('Rate for carrier unit'),
  customerName: optionalText(),
  customerCountryCode: countryCode().default('+1'),
  customerMobileNumber: optionalUsPhone(),
  customerEmail: optionalEmail(),
  dispatcherName: requiredText('Dispatcher name'),
  dispatcherCountryCode: countryCode().default('+1'),
  dispatcherMobileNumber: usPhone(),
  dispatcherEmail: email('Dispatcher email'),
  availabilityDate: isoDate('Availability date'),
  notes: optionalText(),
});

/**
 * PATCH body: any subset of the edit fields, plus the version the editor read.
 * A stated version that is no longer current is refused with 409.
 */
export const loadPatchSchema = loadEditSchema
  // no defaults in a patch: an absent field stays as it is
  .extend({ customerCountryCode: countryCode(), dispatcherCountryCode: countryCode() })
  .partial()
  .extend({ version: z.number().int().nonnegative().optional() })
  .strict();

export type LoadInput = z.output<typeof loadCreateSchema>;
export type LoadFormValues = z.input<typeof loadCreateSchema>;
export type LoadChanges = Partial<z.output<typeof loadEditSchema>>;
export type LoadPatch = z.output<typeof loadPatchSchema>;

export const loadFields = Object.keys(loadEditSchema.shape) as (keyof LoadInput)[];

/** A load as the read side serves it (SPEC section 3). */
export interface Load extends LoadInput {
  id: number;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
  /** Stream revision: what an edit states as the version it read. */
  version: number;
}
