import type { GeoPoint, Truck } from '@dispatch/domain';
import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/**
 * Stored under the truck id as a string, like every document; the query side gives the number back.
 * `searchText` is what the list's `search` parameter matches (truckSearchText: name, unit number,
 * company, city and state, lowercased). `location` is where the map puts the truck (its city, from the gazetteer), null when the map does
 * not know the place: such a truck is in no radius.
 */
export type TruckDocument = Omit<Truck, 'id'> & {
  id: string;
  orgId: string;
  position: string;
  searchText: string;
  location: GeoPoint | null;
  /**
   * Where the map puts the truck's preferred destination (its preferred city and state): null when
   * it names none (it goes anywhere) or a place the map does not know. The lane search's other end.
   */
  destination: GeoPoint | null;
  /** When it leaves the live board unless refreshed, in the organization's settings (postingExpiry). */
  expiresAt: string;
};

/** The trucks list: one document per truck that is not removed. */
export const trucksCollection: CollectionDefinition = {
  name: collections.trucks,
  fields: {
    orgId: 'text',
    status: 'boolean',
    createdAt: 'date',
    updatedAt: 'date',
    availabilityDate: 'date',
    // Its age counts from refreshedAt; the sweep expires it at expiresAt (docs/rules.md#posting-age-and-expiry).
    postedAt: 'date',
    refreshedAt: 'date',
    expiresAt: 'date',
    trailerType: 'text',
    direction: 'text',
    truckName: 'text',
    unitNumber: 'text',
    companyName: 'text',
    truckCity: 'text',
    truckState: 'text',
    preferedCity: 'text',
    preferedState: 'text',
    dispatcherName: 'text',
    createdBy: 'text',
    searchText: 'text',
    'location.latitude': 'number',
    'location.longitude': 'number',
    'destination.latitude': 'number',
    'destination.longitude': 'number',
  },
  // Every list query is one organization's: each index starts with it, then serves a sort (and a
  // date range) of the list, or the creator filter with the default sort. The other filters are
  // checked on the rows met in index order, and their counts come from the board's counters. The
  // orders by a column's text (name, unit, company, places, trailer type, direction, dispatcher)
  // sort the organization's rows as asked: no index of their own, which every write would pay for.
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
    // The availability date sort and range; status and the last change ride along for the board
    // as of a moment, which counts one day's available trucks in service then from it alone.
    ['orgId', 'availabilityDate', 'status', 'updatedAt'],
    ['orgId', 'createdBy', 'updatedAt'],
    // "Available only" by last change: the live page, and the as-of count of the trucks in service.
    ['orgId', 'status', 'updatedAt'],
    // The radius search finds an organization's points inside a box from this index alone, and counts
    // a point's trucks from it. The lane search finds each point's preferred destinations from the same
    // index, and counts and orders a pair of points' trucks by availability from it.
    [
      'orgId',
      'location.latitude',
      'location.longitude',
      'destination.latitude',
      'destination.longitude',
      'availabilityDate',
    ],
    // A search that goes anywhere: one point's trucks by availability, a page without a sort.
    ['orgId', 'location.latitude', 'location.longitude', 'availabilityDate'],
    // A load's matches: the available trucks of its trailer type, per pair of points, and those that
    // name no preferred destination, counted, checked for their availability date and ordered by it
    // from this index alone. The date before the preferred city: a pair of points' page is then a
    // range of the index in date order, which the planner prefers to the lane search's index (whose
    // rows it would read, for their status and trailer type).
    [
      'orgId',
      'trailerType',
      'status',
      'location.latitude',
      'location.longitude',
      'destination.latitude',
      'destination.longitude',
      'availabilityDate',
      'preferedCity',
    ],
  ],
  indexEachField: false,
  // The search and the unit number filter find their rows through a trigram index.
  textIndex: ['searchText', 'unitNumber'],
  // The radius search finds its trucks through the point of their city, the lane search also
  // through their preferred destination's.
  geoIndex: ['location', 'destination'],
};
