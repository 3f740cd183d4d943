import { z } from 'zod';
import { enumField } from '../shared/enum-field.ts';
import { products, rateUnits, trailerTypes } from '../shared/enums.ts';
import {
  countryCode,
  email,
  isoDate,
  NOTES_MAX,
  optionalEmail,
  optionalText,
  optionalUsPhone,
  requiredText,
  streamVersion,
  usPhone,
} from '../shared/fields.ts';
import { usState } from '../shared/us-states.ts';

export const RATE_MESSAGE = 'Should be a positive number';
/** The largest rate the server takes. */
export const RATE_MAX = 1_000_000_000;

const trailerType = enumField(trailerTypes, 'Trailer type');
const product = enumField(products, 'Product');
const rateUnit = (label: string) => enumField(rateUnits, label);

/** A rate typed as text: decimal digits with an optional fraction, nothing `Number` reads beyond that. */
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A rate is a non-negative number or nothing (docs/rules.md#entities-and-fields: nullable), at most RATE_MAX. Form
 * inputs send text, so an empty value means null and decimal digits ("1200", "3.5", surrounding
 * spaces allowed) are read as a number; anything else ("0x10", "1e3", "Infinity", "-1") is refused
 * with the spec's message.
 */
const rate = (label: string) =>
  z.preprocess((value) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    if (trimmed === '') return null;
    // Hundreds of digits read as Infinity: held to a finite number, it is refused as too large.
    return DECIMAL.test(trimmed) ? Math.min(Number(trimmed), Number.MAX_VALUE) : Number.NaN;
  }, z
    .number({ error: RATE_MESSAGE })
    .min(0, RATE_MESSAGE)
    .max(RATE_MAX, `${label} cannot be more than ${RATE_MAX}`)
    .nullable());

/**
 * The load form of docs/rules.md#validation, create variant: the spec's length maxima ("Customer name cannot
 * be more than 50 characters", …); the text the spec gives no maximum has the server's cap of
 * TEXT_MAX characters ("Origin state cannot be more than 200 characters").
 */
export const loadCreateSchema = z.object({
  trailerType,
  originState: usState('Origin state'),
  originCity: requiredText('Origin city'),
  destinationState: usState('Destination state'),
  destinationCity: requiredText('Destination city'),
  product,
  rateForTitan: rate('Our rate'),
  rateForTitanUnit: rateUnit('Our rate unit'),
  rateForCarrier: rate('Carrier rate'),
  rateForCarrierUnit: rateUnit('Carrier rate unit'),
  customerName: optionalText('Customer name', 50),
  customerCountryCode: countryCode().default('+1'),
  customerMobileNumber: optionalUsPhone(),
  customerEmail: optionalEmail('Customer email', 50),
  dispatcherName: requiredText('Dispatcher name', 50),
  dispatcherCountryCode: countryCode().default('+1'),
  dispatcherMobileNumber: usPhone(),
  dispatcherEmail: email('Dispatcher email', 50),
  availabilityDate: isoDate('Availability date'),
  notes: optionalText('Notes', 500, 'lines'),
});

/**
 * Edit variant: the same required fields, phone, e-mail and rate rules. The spec gives the edit
 * form no length maxima; the server still caps every text: TEXT_MAX characters, an e-mail
 * EMAIL_MAX, notes NOTES_MAX.
 */
export const loadEditSchema = z.object({
  trailerType,
  originState: usState('Origin state'),
  originCity: requiredText('Origin city'),
  destinationState: usState('Destination state'),
  destinationCity: requiredText('Destination city'),
  product,
  rateForTitan: rate('Our rate'),
  rateForTitanUnit: rateUnit('Our rate unit'),
  rateForCarrier: rate('Carrier rate'),
  rateForCarrierUnit: rateUnit('Carrier rate unit'),
  customerName: optionalText('Customer name'),
  customerCountryCode: countryCode().default('+1'),
  customerMobileNumber: optionalUsPhone(),
  customerEmail: optionalEmail('Customer email'),
  dispatcherName: requiredText('Dispatcher name'),
  dispatcherCountryCode: countryCode().default('+1'),
  dispatcherMobileNumber: usPhone(),
  dispatcherEmail: email('Dispatcher email'),
  availabilityDate: isoDate('Availability date'),
  notes: optionalText('Notes', NOTES_MAX, 'lines'),
});

/**
 * PATCH body: any subset of the edit fields, plus the version the editor read.
 * A stated version that is no longer current is refused with 409.
 */
export const loadPatchSchema = loadEditSchema
  // no defaults in a patch: an absent field stays as it is
  .extend({ customerCountryCode: countryCode(), dispatcherCountryCode: countryCode() })
  .partial()
  .extend({ version: streamVersion().optional() })
  .strict();

export type LoadInput = z.output<typeof loadCreateSchema>;
export type LoadFormValues = z.input<typeof loadCreateSchema>;
export type LoadChanges = Partial<z.output<typeof loadEditSchema>>;
export type LoadPatch = z.output<typeof loadPatchSchema>;

export const loadFields = Object.keys(loadEditSchema.shape) as (keyof LoadInput)[];

/** A load as the read side serves it (docs/rules.md#entities-and-fields). */
export interface Load extends LoadInput {
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
