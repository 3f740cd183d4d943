import type { Direction, GeoPoint, Load, LoadMilesAndMoney } from '@dispatch/domain';
import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/**
 * Stored under the load id as a string, like every document; the query side gives the number back.
 * `searchText` is what the list's `search` parameter matches (loadSearchText: product, customer, origin
 * and destination, lowercased), `direction` what its `direction`
 * parameter does: the compass point from origin to destination (loadDirection), null when a city's
 * coordinates are unknown.
 */
export type LoadDocument = Omit<Load, 'id'> & {
  id: string;
  orgId: string;
  position: string;
  searchText: string;
  direction: Direction | null;
  /** Where the map puts the load's ends (see pointOfPlace); null for a place it does not know. */
  origin: GeoPoint | null;
  destination: GeoPoint | null;
  /** When it leaves the live board unless refreshed, in the organization's settings (postingExpiry). */
  expiresAt: string;
} & LoadMilesAndMoney;

/** The loads list: one document per load that is not removed. */
export const loadsCollection: CollectionDefinition = {
  name: collections.loads,
  fields: {
    orgId: 'text',
    createdAt: 'date',
    updatedAt: 'date',
    availabilityDate: 'date',
    // Its age counts from refreshedAt; the sweep expires it at expiresAt (docs/rules.md#posting-age-and-expiry).
    postedAt: 'date',
    refreshedAt: 'date',
    expiresAt: 'date',
    trailerType: 'text',
    product: 'text',
    originCity: 'text',
    originState: 'text',
    customerName: 'text',
    dispatcherName: 'text',
    rateForTitan: 'number',
    rateForCarrier: 'number',
    // Trip miles, rates per mile and margin (loadMilesAndMoney): sorted and filtered as the rates are.
    tripMiles: 'number',
    ratePerMile: 'number',
    carrierRatePerMile: 'number',
    margin: 'number',
    marginUnit: 'text',
    createdBy: 'text',
    searchText: 'text',
    direction: 'text',
    'origin.latitude': 'number',
    'origin.longitude': 'number',
    'destination.latitude': 'number',
    'destination.longitude': 'number',
  },
  // As the trucks list: each index starts with the organization, then serves a sort (and a date
  // range) or the creator filter with the default sort; trailer type, product, direction and search are
  // checked on the rows met in index order, and their counts come from the board's counters. The
  // orders by a column's text or rate sort the organization's rows as asked, as the trucks' do.
  indexes: [
    ['orgId', 'updatedAt'],
    // The sort by age and the max-age filter.
    ['orgId', 'refreshedAt'],
    // The expiry sweep's due postings, every organization's at once.
    ['expiresAt'],
    // One organization's postings past their expiry the sweep has not expired yet (mostly none), which
    // every live read leaves out, and its next expiry, until which a live answer holds: from the index
    // alone. Not led by the organization, which would draw the planner to it for a live list's pages
    // (a range of expiry instants, then sorted) rather than to their own indexes.
    ['expiresAt', 'orgId'],
    // With the last change: the board as of a moment, in creation order, keeps the rows in service
    // then (changed last by then) from the index alone, however many it passes over.
    ['orgId', 'createdAt', 'updatedAt'],
    // With the last change: the board as of a moment counts one day's loads in service then from it alone.
    ['orgId', 'availabilityDate', 'updatedAt'],
    ['orgId', 'createdBy', 'updatedAt'],
    // The radius search, by origin or by destination (see the trucks list).
    // The lane search counts them per pair of ends from the origin's index, and orders a page's rows by date from it.
    [
      'orgId',
      'origin.latitude',
      'origin.longitude',
      'destination.latitude',
      'destination.longitude',
      'availabilityDate',
    ],
    // A search that goes anywhere: one origin's loads by date, a page without a sort.
    ['orgId', 'origin.latitude', 'origin.longitude', 'availabilityDate'],
    // A truck's matches: the loads of its trailer type, per pair of ends, their dates checked from the index.
    [
      'orgId',
      'trailerType',
      'origin.latitude',
      'origin.longitude',
      'destination.latitude',
      'destination.longitude',
      'availabilityDate',
    ],
    ['orgId', 'destination.latitude', 'destination.longitude'],
  ],
  indexEachField: false,
  textIndex: ['searchText'],
  // The radius search finds loads by either end: near the origin, or near the destination for a backhaul.
  geoIndex: ['origin', 'destination'],
};
