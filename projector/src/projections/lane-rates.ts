import { DEFAULT_TIME_ZONE, isoWeekOf, type LaneHistoryBucket, localDateOf, monthOf } from '@dispatch/domain';
import { placeOf } from '@dispatch/places';
import {
  collections,
  type LaneEnd,
  type LaneRateLoadDocument,
  laneCellOf,
  laneRateLoadsCollection,
  laneRatesCollection,
  laneRatesId,
  laneSpanOf,
  rateBin,
} from '@dispatch/read-models';
import type { Document, RecordedEvent } from '@dispatch/storage';
import type { Projection, ProjectionContext } from '../projection.ts';

type LoadRecord = Omit<LaneRateLoadDocument, 'position'>;

/** The fields of a load lane history reads, as events carry them. */
const laneFields = [
  'trailerType',
  'originState',
  'originCity',
  'destinationState',
  'destinationCity',
  'rateForTitan',
  'rateForTitanUnit',
  'rateForCarrier',
  'rateForCarrierUnit',
] as const;

/** Places already looked up, by state and city as written: a rebuild meets the same few thousand again and again. */
const ends = new Map<string, LaneEnd | null>();
const ENDS_MAX = 100_000;

/** A load's city as the map knows it, or null: a load whose city is not on the map is in no lane. */
function laneEnd(state: string, city: string): LaneEnd | null {
  const key = `${state}\u0000${city}`;
  const known = ends.get(key);
  if (known !== undefined) return known;
  const place = placeOf(state, city);
  const end = place && {
    state: place.state,
    city: place.name,
    latitude: place.latitude,
    longitude: place.longitude,
  };
  if (ends.size >= ENDS_MAX) ends.clear();
  ends.set(key, end);
  return end;
}

/**
 * Adds (`sign` 1) or takes away (-1) a load's rates from its lane's week and month: our rate in its
 * unit, the carrier rate in its unit, and the margin when both are known in the same unit.
 */
function count(context: ProjectionContext, load: LoadRecord, sign: 1 | -1) {
  const origin = laneEnd(load.originState, load.originCity);
  const destination = laneEnd(load.destinationState, load.destinationCity);
  if (!origin || !destination) return;
  // Counter names without the period: "TONS.our.p4275e-2".
  const counters: [string, number][] = [];
  const our = load.rateForTitan ?? null;
  const carrier = load.rateForCarrier ?? null;
  if (our !== null) counters.push([`${load.rateForTitanUnit}.our.${rateBin(our)}`, sign]);
  if (carrier !== null) counters.push([`${load.rateForCarrierUnit}.carrier.${rateBin(carrier)}`, sign]);
  if (our !== null && carrier !== null && load.rateForTitanUnit === load.rateForCarrierUnit)
    counters.push([
      `${load.rateForTitanUnit}.margin.${rateBin(Number((our - carrier).toPrecision(12)))}`,
      sign,
    ]);
  if (counters.length === 0) return;
  const periods: [LaneHistoryBucket, string][] = [
    ['week', load.week],
    ['month', load.month],
  ];
  for (const [bucket, period] of periods) {
    const span = laneSpanOf(bucket, period);
    const id = laneRatesId(load.orgId, load.trailerType, origin, destination, bucket, span);
    const insert = {
      orgId: load.orgId,
      trailerType: load.trailerType,
      bucket,
      span,
      originCell: laneCellOf(origin),
      destinationCell: laneCellOf(destination),
      origin,
      destination,
    };
    const by = Object.fromEntries(counters.map(([name, value]) => [`${period}.${name}`, value]));
    context.increment(collections.laneRates, id, insert, by);
  }
}

const pick = (from: Record<string, unknown>) =>
  Object.fromEntries(laneFields.filter((field) => field in from).map((field) => [field, from[field]]));

/**
 * Lane history: every load the organization posts counts, with its latest lane and rates, in the
 * ISO week and the month (in the organization's time zone then) of the day it was first posted. An
 * edit of its lane, trailer type or rates moves it: out of the buckets it was in, into those it is in
 * now, in the same week. Re-posting, refreshing and expiry leave it where it is; removal too, since
 * the history is of what was posted (a load comes off the board when it is covered).
 */
export const laneRatesProjection: Projection = {
  name: 'lane-rates',
  collections: [laneRatesCollection, laneRateLoadsCollection],
  eventTypes: ['LoadPosted', 'LoadUpdated', 'LoadRemoved'],
  async apply(event: RecordedEvent, context) {
    const data = event.data as Record<string, unknown> & {
      loadId: number;
      changes?: Record<string, unknown>;
    };
    const id = String(data.loadId);
    if (event.type === 'LoadPosted') {
      const { orgId, occurredAt } = event.metadata;
      const organization = await context.get<Document & { timeZone?: string }>(
        collections.organizations,
        orgId,
      );
      const day = localDateOf(organization?.timeZone ?? DEFAULT_TIME_ZONE, occurredAt);
      const load = { id, orgId, week: isoWeekOf(day), month: monthOf(day), ...pick(data) } as LoadRecord;
      context.put(collections.laneRateLoads, load);
      count(context, load, 1);
      return;
    }
    const stored = await context.get<LaneRateLoadDocument>(collections.laneRateLoads, id);
    if (!stored) return;
    const { position: _position, ...before } = stored;
    if (event.type === 'LoadRemoved') {
      context.delete(collections.laneRateLoads, id);
      return;
    }
    const changes = pick(data.changes ?? {});
    if (!laneFields.some((field) => field in changes && changes[field] !== before[field])) return;
    const after = { ...before, ...changes } as LoadRecord;
    // Counters that cancel out (a rate edited back within a batch) are dropped when the batch is written.
    count(context, before, -1);
    count(context, after, 1);
    context.put(collections.laneRateLoads, after);
  },
};
