import {
  type Direction,
  directionLabels,
  formatCalendarDay,
  type Product,
  productLabels,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearchKind,
  type TrailerType,
  trailerTypeLabels,
} from '@dispatch/domain';

/** The parameters of a saved search as stored (a board's list parameters, or a radius search's). */
export type SearchParams = Record<string, unknown>;

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? value.split(',') : [];
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim()
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : undefined;

const dateFieldWords: Record<string, string> = {
  createdAt: 'posted',
  updatedAt: 'changed',
  availableDate: 'available',
};
const operationWords: Record<string, string> = {
  gt: 'after',
  gte: 'from',
  lt: 'before',
  lte: 'until',
  eq: 'on',
};
/** A filter's day in the one date style (docs/decisions.md), "Nov 21, 2026". */
const day = (iso: string) => formatCalendarDay(iso) || iso.slice(0, 10);

/** "Flatbed or Low Sided Hopper · Available · within 150 mi of Chicago, IL": what a search looks for. */
export function describeSearch(kind: SavedSearchKind, params: SearchParams): string {
  const parts: string[] = [];
  if (kind === 'radius') {
    const noun = params.searchType === 'loads' ? 'Loads' : 'Trucks';
    const from = params.searchType === 'loads' && params.around === 'destination' ? ' (by destination)' : '';
    parts.push(
      `${noun} within ${text(params.radius) ?? '?'} mi of ${text(params.city) ?? '?'}, ${text(params.state) ?? '?'}${from}`,
    );
  }
  if (kind === 'lane') {
    const noun = params.searchType === 'loads' ? 'Loads' : 'Trucks';
    const to = text(params.destinationCity)
      ? `${text(params.destinationRadius) ?? '100'} mi of ${text(params.destinationCity)}, ${text(params.destinationState) ?? '?'}`
      : 'anywhere';
    parts.push(
      `${noun} from ${text(params.originRadius) ?? '100'} mi of ${text(params.originCity) ?? '?'}, ${text(params.originState) ?? '?'} to ${to}`,
    );
  }
  const trailers = list(params.trailerType).map((t) => trailerTypeLabels[t as TrailerType] ?? t);
  if (trailers.length) parts.push(trailers.join(' or '));
  const products = list(params.product).map((p) => productLabels[p as Product] ?? p);
  if (products.length) parts.push(products.join(' or '));
  if (params.status === 'true' || params.status === true) parts.push('Available');
  if (params.status === 'false' || params.status === false) parts.push('Not available');
  const directions = list(params.direction).map((d) => directionLabels[d as Direction] ?? d);
  if (directions.length) parts.push(`heading ${directions.join(' or ')}`);
  const search = text(params.search);
  if (search) parts.push(`“${search}”`);
  const unit = text(params.unitNumber);
  if (unit) parts.push(`unit “${unit}”`);
  if (text(params.createdBy)) parts.push('by one dispatcher');
  const field = dateFieldWords[text(params.dateField) ?? 'createdAt'] ?? 'posted';
  const start = text(params.startDate);
  const end = text(params.endDate);
  if (start)
    parts.push(`${field} ${operationWords[text(params.dateOperation) ?? 'gte'] ?? 'from'} ${day(start)}`);
  if (end) parts.push(`${start ? '' : `${field} `}until ${day(end)}`);
  return parts.join(' · ');
}

const kindNouns: Record<SavedSearchKind, string> = {
  trucks: 'Trucks',
  loads: 'Loads',
  radius: 'Radius',
  lane: 'Lane',
};

/** A name to start from: what the search looks for, within the name's 50 characters. */
export function suggestedName(kind: SavedSearchKind, params: SearchParams): string {
  const described = describeSearch(kind, params);
  const name =
    kind === 'radius' || kind === 'lane'
      ? described
      : described
        ? `${kindNouns[kind]}: ${described}`
        : `All ${kind}`;
  return name.length <= SAVED_SEARCH_NAME_MAX
    ? name
    : `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1).trimEnd()}…`;
}
