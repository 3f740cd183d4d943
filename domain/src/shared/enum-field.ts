import { z } from 'zod';

/** "Trailer type must be one of HIGH_SIDED_HOPPER, LOW_SIDED_HOPPER, FLATBED": the values a field takes, named. */
export const oneOfMessage = (label: string, values: readonly string[]) =>
  `${label} must be one of ${values.join(', ')}`;

/**
 * A field that takes one value of an enumeration (docs/rules.md#validation): left out or empty, the
 * field's `required` message ("Trailer type is required"); any other value, the message naming the
 * values it takes (oneOfMessage), so a file's "VAN" is not reported as missing.
 */
export function enumField<const Values extends readonly [string, ...string[]]>(
  values: Values,
  label: string,
  required = `${label} is required`,
) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? required
        : oneOfMessage(label, values),
  });
}
