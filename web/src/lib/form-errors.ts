import type { FieldErrors } from './api-client';

export interface SplitFieldErrors<Field extends string> {
  /** The first message of each field the form shows. */
  fields: [Field, string][];
  /** Messages for fields the form does not have. */
  other: string[];
}

/** Sorts a 400 response's `errors` into messages for the form's fields and the rest. */
export function splitFieldErrors<Field extends string>(
  errors: FieldErrors,
  formFields: readonly Field[],
): SplitFieldErrors<Field> {
  const known = new Set<string>(formFields);
  const result: SplitFieldErrors<Field> = { fields: [], other: [] };
  for (const [field, messages] of Object.entries(errors)) {
    const [first] = messages;
    if (!first) continue;
    if (known.has(field)) result.fields.push([field as Field, first]);
    else result.other.push(first);
  }
  return result;
}
