import type { ActorContext } from '@dispatch/auth';
import { canSeeMargin, type LoadListQuery, MARGIN_FORBIDDEN_MESSAGE } from '@dispatch/domain';
import { HttpError } from '@dispatch/http';

/**
 * Whether the caller sees the loads' margin (docs/decisions.md#trip-miles-rate-per-mile-and-margin):
 * owners, admins, Member+ and the organization's API keys.
 */
export const seesMargin = (actor: ActorContext) =>
  canSeeMargin(actor.via === 'apiKey' ? 'apiKey' : actor.role);

/** A query ordering or filtering by the margin, from a caller who may not see it: 403. */
export function refuseMarginQuery(
  actor: ActorContext,
  query: Pick<LoadListQuery, 'orderBy' | 'minMargin' | 'maxMargin'>,
) {
  const asksMargin =
    query.orderBy === 'margin' || query.minMargin !== undefined || query.maxMargin !== undefined;
  if (asksMargin && !seesMargin(actor)) throw new HttpError(403, 'FORBIDDEN', MARGIN_FORBIDDEN_MESSAGE);
}

/** A load answer without its margin, for a caller who may not see it. */
export function withoutMargin<T extends object>(load: T): Omit<T, 'margin' | 'marginUnit'> {
  const {
    margin: _margin,
    marginUnit: _marginUnit,
    ...rest
  } = load as T & { margin?: unknown; marginUnit?: unknown };
  return rest;
}

/** A loads page (or any answer with loads in `data`) as the caller may see it. */
export function pageFor<Page extends { data: object[] }>(actor: ActorContext, page: Page): Page {
  if (seesMargin(actor)) return page;
  return { ...page, data: page.data.map((load) => withoutMargin(load)) };
}
