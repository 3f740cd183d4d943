import { collections } from '@dispatch/read-models';
import { created, edited } from './changes.ts';
import { type Data, type Describe, get, text } from './described.ts';

// The main fields of a creation: what says which posting it is, where and when. Contacts and notes are
// in the posting's own history.
const truckFields = [
  'truckName',
  'unitNumber',
  'companyName',
  'trailerType',
  'truckCity',
  'truckState',
  'preferedCity',
  'preferedState',
  'direction',
  'status',
  'availabilityDate',
  'dispatcherName',
] as const;
const loadFields = [
  'originCity',
  'originState',
  'destinationCity',
  'destinationState',
  'trailerType',
  'product',
  'rateForTitan',
  'rateForTitanUnit',
  'rateForCarrier',
  'rateForCarrierUnit',
  'customerName',
  'availabilityDate',
  'dispatcherName',
] as const;

const loadRoute = (load: Data | null) =>
  load
    ? `${String(load.originCity)}, ${String(load.originState)} → ${String(load.destinationCity)}, ${String(load.destinationState)}`
    : null;

/** The entry of a truck's or a load's event: its creation's main fields, an edit's changes, its removal. */
export function describePosting(kind: 'truck' | 'load'): Describe {
  const isTruck = kind === 'truck';
  const collection = isTruck ? collections.trucks : collections.loads;
  const expiredCollection = isTruck ? collections.expiredTrucks : collections.expiredLoads;
  const postedType = isTruck ? 'TruckPosted' : 'LoadPosted';
  const idField = isTruck ? 'truckId' : 'loadId';
  const labelOf = (posting: Data | null) => (isTruck ? text(posting?.truckName) : loadRoute(posting));
  return async (event, data, context) => {
    const subjectId = String(data[idField]);
    const base = { orgId: event.metadata.orgId, kind, subjectId };
    if (event.type === postedType)
      return {
        ...base,
        subjectLabel: labelOf(data),
        changes: created(data, isTruck ? truckFields : loadFields),
      };
    // An expired posting is kept apart until re-posted: its edits, re-post and removal find it there.
    const before =
      (await get(context, collection, subjectId)) ?? (await get(context, expiredCollection, subjectId));
    if (event.type.endsWith('Updated')) {
      const changes = (data.changes ?? {}) as Data;
      return {
        ...base,
        subjectLabel: labelOf(before && { ...before, ...changes }),
        changes: edited(before, changes),
      };
    }
    return { ...base, subjectLabel: labelOf(before), changes: [] };
  };
}
