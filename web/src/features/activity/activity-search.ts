import { activityKinds, isRealIsoDate, TEXT_MAX } from '@dispatch/domain';
import { z } from 'zod';
import type { SearchValue } from '../../lib/api-client';

/** One value or several: a single value in a shared link becomes a list; unknown values are dropped. */
const kindList = z
  .preprocess((value) => {
    const list = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []).filter(
      (item): item is (typeof activityKinds)[number] => activityKinds.includes(item as never),
    );
    return list.length ? [...new Set(list)] : undefined;
  }, z.array(z.enum(activityKinds)).optional())
  .catch(undefined);

const id = z
  .preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.string().trim().min(1).max(TEXT_MAX),
  )
  .optional()
  .catch(undefined);

/** A calendar day as a date input gives it (YYYY-MM-DD): a day of the viewer's own clock. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isRealIsoDate)
  .optional()
  .catch(undefined);

/**
 * The /{orgSlug}/activity URL search params: the activity log's filters. The period is two days of
 * the viewer's clock (`from`, `to`, both included), sent to the API as the instants they start and
 * end at. A bad value in a shared or hand-edited link is dropped rather than failing the page.
 */
export const activitySearchSchema = z.object({
  actor: id,
  kind: kindList,
  subject: id,
  from: day,
  to: day,
  text: z.string().trim().min(1).max(100).optional().catch(undefined),
});
export type ActivitySearch = z.output<typeof activitySearchSchema>;

/** No filter at all: the plain address `/{slug}/activity`. */
export const defaultActivitySearch: ActivitySearch = {};

/** The instant a picked day starts (or, for `edge: 'end'`, ends) at on the viewer's clock. */
export function dayEdge(value: string | undefined, edge: 'start' | 'end'): string | undefined {
  if (!value) return undefined;
  const local = new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
}

/** The activity calls' filters out of the page's search params (the export takes the same). */
export function activityParams(search: ActivitySearch): Record<string, SearchValue> {
  return {
    actor: search.actor,
    kind: search.kind?.length ? search.kind.join(',') : undefined,
    subject: search.subject,
    startDate: dayEdge(search.from, 'start'),
    endDate: dayEdge(search.to, 'end'),
    text: search.text,
  };
}
export type ActivityParams = ReturnType<typeof activityParams>;

/** How many filters are set; the period counts as one. */
export function activeActivityFilters(search: ActivitySearch): number {
  return (
    Number(Boolean(search.actor)) +
    Number(Boolean(search.kind?.length)) +
    Number(Boolean(search.subject)) +
    Number(Boolean(search.from || search.to)) +
    Number(Boolean(search.text))
  );
}
