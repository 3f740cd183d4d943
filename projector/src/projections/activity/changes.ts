import type { ActivityChange } from '@dispatch/read-models';
import type { Data } from './described.ts';

const isBlank = (value: unknown) => value === null || value === undefined || value === '';
const same = (a: unknown, b: unknown) =>
  (isBlank(a) && isBlank(b)) || JSON.stringify(a) === JSON.stringify(b);

/** The values a creation was made with, of the listed fields, leaving out blanks. */
export const created = (data: Data, fields: readonly string[]): ActivityChange[] =>
  fields.filter((field) => !isBlank(data[field])).map((field) => ({ field, from: null, to: data[field] }));

/** The fields an edit changed: those whose value it set differs from the one before. */
export function edited(before: Data | null, changes: Data): ActivityChange[] {
  const out: ActivityChange[] = [];
  for (const [field, to] of Object.entries(changes)) {
    const from = before?.[field] ?? null;
    if (!same(from, to)) out.push({ field, from, to: to ?? null });
  }
  return out;
}

/** The one field a value changed, or nothing when it stayed the same. */
export const change = (field: string, from: unknown, to: unknown): ActivityChange[] =>
  same(from, to) ? [] : [{ field, from: from ?? null, to: to ?? null }];
