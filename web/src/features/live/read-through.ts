import type { Query, QueryClient } from '@tanstack/react-query';
import { answerPositionOf, minPosition } from '../../lib/event-position';

/**
 * A change notice refetches only the queries that do not reflect it yet. A query whose answer came
 * from a read side already past the notice's position has it; so does a fetch still running that was
 * sent asking for that position (the tab's own write, whose command answered before its notice came:
 * the screen reloaded with it at once). Refetching those again would only load the same page twice.
 */

/** The position the tab had seen when each query's running fetch was sent: it reads through at least that. */
const sentWith = new WeakMap<Query, bigint>();
/** A running fetch a notice was left to: if its answer turns out older than this, it is fetched again. */
const owed = new WeakMap<Query, bigint>();

/** Follows the fetches of a client's queries; returns the unsubscribe. */
export function trackReadPositions(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query, action } = event;
    if (action.type === 'fetch') {
      const position = minPosition();
      if (position) sentWith.set(query, BigInt(position));
      else sentWith.delete(query);
      return;
    }
    if (action.type !== 'success' && action.type !== 'error') return;
    const wanted = owed.get(query);
    if (wanted === undefined) return;
    owed.delete(query);
    const reflected = answerPositionOf(query.state.data);
    if (action.type === 'error' || reflected === undefined || reflected < wanted)
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  });
}

/** Whether a query's data or running fetch already reflects `position`; a running one is then owed it. */
function reflects(query: Query, position: bigint): boolean {
  const answered = answerPositionOf(query.state.data);
  if (answered !== undefined && answered >= position) return true;
  const sent = sentWith.get(query);
  if (query.state.fetchStatus === 'idle' || sent === undefined || sent < position) return false;
  owed.set(query, position > (owed.get(query) ?? 0n) ? position : (owed.get(query) as bigint));
  return true;
}

/**
 * The client a change notice's handler works with: the same caches, but its invalidations leave out
 * the queries that already reflect the notice's position.
 */
export function clientForChangeAt(queryClient: QueryClient, position: bigint): QueryClient {
  const invalidateQueries: QueryClient['invalidateQueries'] = (filters, options) =>
    queryClient.invalidateQueries(
      {
        ...filters,
        predicate: (query) => (filters?.predicate?.(query) ?? true) && !reflects(query, position),
      },
      options,
    );
  return new Proxy(queryClient, {
    get(target, property) {
      if (property === 'invalidateQueries') return invalidateQueries;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
