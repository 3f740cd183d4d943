import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireScope } from '@dispatch/auth';
import {
  type GeoPoint,
  greatCircleMiles,
  LANE_HISTORY_MIN_POSTINGS,
  type LaneHistoryAnswer,
  type LaneHistoryPoint,
  type LaneHistoryQuery,
  type LaneHistorySeries,
  laneHistoryAnswerSchema,
  laneHistoryQuerySchema,
  type RateUnit,
  rateUnits,
} from '@dispatch/domain';
import { answers, InputError, openToKeys, type RoutesPlugin } from '@dispatch/http';
import { type Place, placeOf } from '@dispatch/places';
import {
  collections,
  figuresOf,
  type LaneRateKind,
  type LaneRatesDocument,
  laneCellsWithin,
  laneRateKinds,
  mergeHistogram,
  periodsOf,
} from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';
import { type AnswerCache, listAnswerKey } from '../answer-cache.ts';
import { seesMargin } from '../loads/margin-visibility.ts';
import { cachedTimeZone } from '../organizations/organization-time-zone.ts';
import { requireGroupServing } from '../rebuilding.ts';

const pointOf = (place: Place): GeoPoint => ({ latitude: place.latitude, longitude: place.longitude });

/** A unit's period as it is summed: one histogram per kind of rate. */
type PeriodBins = Record<LaneRateKind, Map<string, number>>;

const emptyBins = (): PeriodBins => ({ our: new Map(), carrier: new Map(), margin: new Map() });

/**
 * GET /api/v1/lane-history: the organization's own posted load rates on a lane, from the lane
 * history read model (read-models/src/lane-rates.ts). The lanes are those whose origin city lies
 * within `radius` miles of the origin asked and whose destination city within `radius` miles of the
 * destination asked, of the trailer type asked; their buckets of the asked kind are merged per
 * period and unit, and each unit tells whether it has enough postings to be drawn.
 */
export async function laneHistory(
  documents: DocumentStore,
  orgId: string,
  timeZone: string,
  query: LaneHistoryQuery,
): Promise<LaneHistoryAnswer> {
  const originPlace = placeOf(query.originState, query.originCity);
  const destinationPlace = placeOf(query.destinationState, query.destinationCity);
  const unknown: Record<string, string[]> = {};
  if (!originPlace) unknown.originCity = [`City not found in ${query.originState}`];
  if (!destinationPlace) unknown.destinationCity = [`City not found in ${query.destinationState}`];
  if (!originPlace || !destinationPlace) throw new InputError('query', unknown);
  const origin = pointOf(originPlace);
  const destination = pointOf(destinationPlace);
  const found = await documents.find<LaneRatesDocument>(collections.laneRates, {
    filter: {
      orgId: { eq: orgId },
      trailerType: { eq: query.trailerType },
      bucket: { eq: query.bucket },
      originCell: { in: laneCellsWithin(origin, query.radius) },
      destinationCell: { in: laneCellsWithin(destination, query.radius) },
    },
  });
  const units: readonly RateUnit[] = query.unit ? [query.unit] : rateUnits;
  const byUnit = new Map<RateUnit, Map<string, PeriodBins>>(units.map((unit) => [unit, new Map()]));
  for (const lane of found) {
    // The cells hold the circles; the distances decide.
    if (greatCircleMiles(origin, lane.origin) > query.radius) continue;
    if (greatCircleMiles(destination, lane.destination) > query.radius) continue;
    for (const [period, rates] of periodsOf(lane)) {
      for (const unit of units) {
        const unitRates = rates[unit];
        if (!unitRates) continue;
        const periods = byUnit.get(unit) as Map<string, PeriodBins>;
        let bins = periods.get(period);
        if (!bins) {
          bins = emptyBins();
          periods.set(period, bins);
        }
        for (const kind of laneRateKinds) mergeHistogram(bins[kind], unitRates[kind]);
      }
    }
  }
  const series: LaneHistorySeries[] = [];
  for (const unit of units) {
    const periods = byUnit.get(unit) as Map<string, PeriodBins>;
    const points: LaneHistoryPoint[] = [];
    for (const period of [...periods.keys()].sort()) {
      const bins = periods.get(period) as PeriodBins;
      const our = figuresOf(bins.our);
      const carrier = figuresOf(bins.carrier);
      const margin = figuresOf(bins.margin);
      // A period whose loads all moved elsewhere leaves counters at 0 behind: it is no period of the lane's.
      if (our.count + carrier.count + margin.count === 0) continue;
      points.push({
        period,
        count: our.count,
        median: our.median,
        min: our.min,
        max: our.max,
        carrierCount: carrier.count,
        carrierMedian: carrier.median,
        carrierMin: carrier.min,
        carrierMax: carrier.max,
        marginCount: margin.count,
        marginMedian: margin.median,
        marginMin: margin.min,
        marginMax: margin.max,
      });
    }
    const count = points.reduce((sum, point) => sum + point.count, 0);
    // Only the units the lane has, unless one was asked for.
    if (points.length === 0 && !query.unit) continue;
    series.push({
      unit,
      count,
      carrierCount: points.reduce((sum, point) => sum + point.carrierCount, 0),
      marginCount: points.reduce((sum, point) => sum + (point.marginCount ?? 0), 0),
      enough: count >= LANE_HISTORY_MIN_POSTINGS,
      points,
    });
  }
  const place = (of: Place) => ({ city: of.name, state: of.state, ...pointOf(of) });
  return {
    success: true,
    origin: place(originPlace),
    destination: place(destinationPlace),
    radius: query.radius,
    trailerType: query.trailerType,
    bucket: query.bucket,
    timeZone,
    minimumPostings: LANE_HISTORY_MIN_POSTINGS,
    enough: series.some((unit) => unit.enough),
    series,
  };
}

/** A history without the margin's figures, for a caller who may not see the margin. */
export function withoutMargins(answer: LaneHistoryAnswer): LaneHistoryAnswer {
  return {
    ...answer,
    series: answer.series.map(({ marginCount: _count, ...series }) => ({
      ...series,
      points: series.points.map(
        ({ marginCount: _c, marginMedian: _median, marginMin: _min, marginMax: _max, ...point }) => point,
      ),
    })),
  };
}

export function laneHistoryQueries(options: {
  documents: DocumentStore;
  auth: AuthService;
  cache: AnswerCache;
}): RoutesPlugin {
  const { documents, auth, cache } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireScope('postings:read')));
    app.get(
      '/api/v1/lane-history',
      openToKeys(
        'postings:read',
        answers({ 200: laneHistoryAnswerSchema }, { querystring: laneHistoryQuerySchema }),
      ),
      async (request) => {
        const actor = await requireScope('postings:read')(auth, request);
        const { orgId } = actor;
        await requireGroupServing(documents, 'history', 'Lane history');
        const query = request.query;
        const timeZone = await cachedTimeZone(cache, documents, orgId);
        // The answer depends on the read model only: kept per projector position, like the lists'.
        const answer = await cache.answer(listAnswerKey('lane-history', orgId, '', query), () =>
          laneHistory(documents, orgId, timeZone, query),
        );
        // Cached whole, trimmed per caller like the loads' pages.
        return seesMargin(actor) ? answer : withoutMargins(answer);
      },
    );
  };
}
