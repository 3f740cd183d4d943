import { fieldErrors, profilePhoneNumber, profileUpdateSchema, signUpFormSchema } from '@dispatch/domain';
import { APIError } from 'better-auth/api';
import { z } from 'zod';

/**
 * The spec's answer to a body that fails validation (docs/rules.md#validation, authentication service rules):
 * 400, code VALIDATION_ERROR, message "Invalid body parameters", the field messages beside it.
 */
export const INVALID_BODY = 'Invalid body parameters';
export const INVALID_QUERY = 'Invalid query parameters';

export function validationError(source: 'body' | 'query', errors: Record<string, string[]>) {
  return new APIError('BAD_REQUEST', {
    code: 'VALIDATION_ERROR',
    message: source === 'body' ? INVALID_BODY : INVALID_QUERY,
    errors,
  });
}

/** Parses the part of a body a schema knows, returning it with the parsed values; other keys pass untouched. */
export function parseBodyFields<S extends z.ZodObject>(
  schema: S,
  body: unknown,
): Record<string, unknown> | undefined {
  // Anything but an object is left to the endpoint's own validation, which refuses it.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const source = body as Record<string, unknown>;
  const known = Object.fromEntries(Object.entries(source).filter(([key]) => key in schema.shape));
  const result = schema.safeParse(known);
  if (!result.success) throw validationError('body', fieldErrors(result.error));
  return { ...source, ...(result.data as Record<string, unknown>) };
}

/** The profile fields sign-up accepts beside name, e-mail and password; the phone is set only once verified. */
export const signUpProfileSchema = z.object({
  name: signUpFormSchema.shape.name,
  // RFC 5321's limit for an address; better-auth checks the format.
  email: z.string().max(254, 'Email address cannot be more than 254 characters'),
  firstName: profileUpdateSchema.shape.firstName,
  lastName: profileUpdateSchema.shape.lastName,
  phoneNumber: z
    .never({ error: 'A phone number is added from the account page, with a code sent to it' })
    .optional(),
});

/** update-user (docs/rules.md#entities-and-fields profile update payload): name, first and last name; the phone may only be cleared. */
export const profileUpdateInputSchema = profileUpdateSchema;

export const phoneNumberInputSchema = z.object({ phoneNumber: profilePhoneNumber.pipe(z.string()) });
