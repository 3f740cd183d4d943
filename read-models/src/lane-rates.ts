import type { GeoPoint, LaneHistoryBucket, RateUnit } from '@dispatch/domain';
import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/**
 * Lane history: the organization's own posted load rates per lane and period.
 *
 * A lane is an origin city → a destination city (as the map knows them), with a trailer type. A
 * history asks for the loads "from around Chicago to around Dallas": every lane whose origin lies
 * within the radius of the one city and whose destination lies within the radius of the other. To
 * find those without reading the organization's whole history, each lane document carries the
 * grid cells (LANE_CELL_DEGREES square) of its two cities; a query names the cells that touch each
 * circle and the store answers from one compound index (organization, trailer type, bucket, origin
 * cell, destination cell), the exact distances are then checked on the documents' points.
 *
 * One document per lane and span: a quarter of ISO weeks (weeks 1–13, 14–26, 27–39, 40–53 of a
 * year) or a year of months, in the organization's time zone, of the day each load was posted. It
 * holds, per period of the span and rate unit, three histograms of counters: our rate, the carrier
 * rate, and the margin (our rate less the carrier rate, where a load had both in the same unit).
 * Counters, so a load is added or taken away by increments and an edit moves it from one bucket to
 * another without reading the bucket. A span, not a period, per document: a year of weekly history is
 * four documents to read per lane rather than fifty-two, while a document stays a few kilobytes.
 *
 * The median needs the values. A histogram keeps them bounded whatever the number of loads: a
 * value's bin is the value to four significant digits (`rateBin`), so a bucket holds at most one
 * counter per distinct four-digit value (9,000 per power of ten, and never more than its loads),
 * and two buckets merge by adding counters, which is how a radius of many lanes and a range of many
 * weeks come to one median. Every rate written with four significant digits or fewer ($42.75 a ton,
 * $0.455 a bushel, $2,350 flat) is kept exactly; others are rounded by at most 0.05%, and the
 * count, min, max and median read off the bins are exact to the bin.
 */

/** The side of a lane grid cell, in degrees of latitude and of longitude. */
export const LANE_CELL_DEGREES = 2;

/** The grid cell of a point: "20:-44" (latitude and longitude divided by the cell's side, floored). */
export const laneCellOf = (point: GeoPoint): string =>
  `${Math.floor(point.latitude / LANE_CELL_DEGREES)}:${Math.floor(point.longitude / LANE_CELL_DEGREES)}`;

const MILES_PER_DEGREE_LATITUDE = 69.05;

/** Every grid cell that holds a point within `miles` of `center` (and a few around it that may not). */
export function laneCellsWithin(center: GeoPoint, miles: number): string[] {
  const latitudeSpan = miles / MILES_PER_DEGREE_LATITUDE;
  const south = Math.max(-90, center.latitude - latitudeSpan);
  const north = Math.min(90, center.latitude + latitudeSpan);
  // A degree of longitude is shortest at the circle's edge farthest from the equator.
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const cosine = Math.cos((Math.min(widest, 89) * Math.PI) / 180);
  const longitudeSpan = Math.min(180, miles / (MILES_PER_DEGREE_LATITUDE * cosine));
  const cells: string[] = [];
  const fromRow = Math.floor(south / LANE_CELL_DEGREES);
  const toRow = Math.floor(north / LANE_CELL_DEGREES);
  const fromColumn = Math.floor((center.longitude - longitudeSpan) / LANE_CELL_DEGREES);
  const toColumn = Math.floor((center.longitude + longitudeSpan) / LANE_CELL_DEGREES);
  for (let row = fromRow; row <= toRow; row++)
    for (let column = fromColumn; column <= toColumn; column++) cells.push(`${row}:${column}`);
  return cells;
}

/** What a lane document says of one end of its lane: the city as the map names it, and its point. */
export interface LaneEnd {
  state: string;
  city: string;
  latitude: number;
  longitude: number;
}

/** Our rate, the carrier rate, the margin. */
export const laneRateKinds = ['our', 'carrier', 'margin'] as const;
export type LaneRateKind = (typeof laneRateKinds)[number];

/** Bin → loads, see rateBin. */
export type RateHistogram = Record<string, number>;

/** One period's rates: per unit, per kind of rate, a histogram. */
export type LanePeriodRates = Partial<Record<RateUnit, Partial<Record<LaneRateKind, RateHistogram>>>>;

/** One lane in one span of weeks or months (see the top of this file), its periods by name. */
export type LaneRatesDocument = {
  id: string;
  position: string;
  orgId: string;
  trailerType: string;
  bucket: LaneHistoryBucket;
  /** "2026-Q1" (weeks 1–13 of 2026) or "2026" (its months). */
  span: string;
  originCell: string;
  destinationCell: string;
  origin: LaneEnd;
  destination: LaneEnd;
  // Periods: "2026-W05" or "2026-03" → their rates.
  [period: string]: unknown;
};

/** The fields a lane document is created with, as opposed to its periods' counters. */
export const laneRatesDocumentFields = [
  'id',
  'orgId',
  'trailerType',
  'bucket',
  'span',
  'originCell',
  'destinationCell',
  'origin',
  'destination',
] as const;

const documentFields = new Set<string>([...laneRatesDocumentFields, 'position']);

/** The periods a lane document holds, with their rates. */
export function periodsOf(document: LaneRatesDocument): [string, LanePeriodRates][] {
  const periods: [string, LanePeriodRates][] = [];
  for (const key in document)
    if (!documentFields.has(key)) periods.push([key, document[key] as LanePeriodRates]);
  return periods;
}

/** The span of a period: the quarter of weeks of a week ("2026-W14" → "2026-Q2"), the year of a month. */
export function laneSpanOf(bucket: LaneHistoryBucket, period: string): string {
  if (bucket === 'month') return period.slice(0, 4);
  const week = Number(period.slice(6));
  return `${period.slice(0, 4)}-Q${Math.min(4, Math.ceil(week / 13))}`;
}

export const laneRatesId = (
  orgId: string,
  trailerType: string,
  origin: LaneEnd,
  destination: LaneEnd,
  bucket: LaneHistoryBucket,
  span: string,
) =>
  `${orgId}|${trailerType}|${origin.state}|${origin.city}|${destination.state}|${destination.city}|${bucket}|${span}`;

/** Lane history's buckets (LaneRatesDocument). */
export const laneRatesCollection: CollectionDefinition = {
  name: collections.laneRates,
  fields: {
    orgId: 'text',
    trailerType: 'text',
    bucket: 'text',
    originCell: 'text',
    destinationCell: 'text',
  },
  indexes: [['orgId', 'trailerType', 'bucket', 'originCell', 'destinationCell']],
  indexEachField: false,
};

/**
 * What lane history last counted of a load: its lane and rates as last posted, and the week and
 * month it was posted in. An edit takes these out of their buckets and puts the new ones in; a
 * removed load stays counted (the history is of what was posted) and its record goes.
 */
export type LaneRateLoadDocument = {
  id: string;
  position: string;
  orgId: string;
  week: string;
  month: string;
  trailerType: string;
  originState: string;
  originCity: string;
  destinationState: string;
  destinationCity: string;
  rateForTitan: number | null;
  rateForTitanUnit: string;
  rateForCarrier: number | null;
  rateForCarrierUnit: string;
};

export const laneRateLoadsCollection: CollectionDefinition = {
  name: collections.laneRateLoads,
  fields: { orgId: 'text' },
};

const SIGNIFICANT_DIGITS = 4;
const SMALLEST_MANTISSA = 10 ** (SIGNIFICANT_DIGITS - 1);
const LARGEST_MANTISSA = 10 ** SIGNIFICANT_DIGITS;

/**
 * The histogram bin of a rate or margin: the value to four significant digits, written as a
 * counter name without dots ("p4275e-2" for 42.75, "n15e0"… for negatives, "z" for zero).
 */
export function rateBin(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return 'z';
  const sign = value < 0 ? 'n' : 'p';
  const size = Math.abs(value);
  let exponent = Math.floor(Math.log10(size)) - (SIGNIFICANT_DIGITS - 1);
  // Scaled by multiplying with a power of ten where it is a whole number: 42.75 * 100, not 42.75 / 0.01.
  let mantissa = Math.round(exponent < 0 ? size * 10 ** -exponent : size / 10 ** exponent);
  if (mantissa >= LARGEST_MANTISSA) {
    mantissa = Math.round(mantissa / 10);
    exponent += 1;
  } else if (mantissa < SMALLEST_MANTISSA) {
    mantissa *= 10;
    exponent -= 1;
  }
  // Trailing zeros go to the exponent, so 2350 is "p235e1" whichever way it was reached.
  while (mantissa % 10 === 0) {
    mantissa /= 10;
    exponent += 1;
  }
  return `${sign}${mantissa}e${exponent}`;
}

/** The value a bin stands for (rateBin's inverse, to four significant digits). */
export function binValue(bin: string): number {
  if (bin === 'z') return 0;
  const at = bin.indexOf('e');
  const mantissa = Number(bin.slice(1, at));
  const exponent = Number(bin.slice(at + 1));
  const size = exponent < 0 ? mantissa / 10 ** -exponent : mantissa * 10 ** exponent;
  return bin.startsWith('n') ? -size : size;
}

/** Count, least, greatest and median of the values of some histograms together. */
export interface RateFigures {
  count: number;
  min: number | null;
  max: number | null;
  median: number | null;
}

/** Adds `from`'s counters into `into`. */
export function mergeHistogram(into: Map<string, number>, from: RateHistogram | undefined): void {
  if (!from) return;
  for (const bin in from) {
    const count = from[bin] ?? 0;
    if (count !== 0) into.set(bin, (into.get(bin) ?? 0) + count);
  }
}

/**
 * The figures of a merged histogram. The median of an even count is the mean of the two middle
 * values; values are those of their bins (see rateBin).
 */
export function figuresOf(histogram: ReadonlyMap<string, number>): RateFigures {
  const values: [number, number][] = [];
  let count = 0;
  for (const [bin, loads] of histogram) {
    if (loads <= 0) continue;
    values.push([binValue(bin), loads]);
    count += loads;
  }
  if (count === 0) return { count: 0, min: null, max: null, median: null };
  values.sort((a, b) => a[0] - b[0]);
  // The 0-based ranks of the middle values: one for an odd count, two for an even one.
  const low = Math.floor((count - 1) / 2);
  const high = Math.floor(count / 2);
  let lowValue = 0;
  let highValue = 0;
  let seen = 0;
  for (const [value, loads] of values) {
    if (seen <= low && low < seen + loads) lowValue = value;
    if (seen <= high && high < seen + loads) {
      highValue = value;
      break;
    }
    seen += loads;
  }
  const median = Number(((lowValue + highValue) / 2).toPrecision(12));
  return {
    count,
    min: values[0]?.[0] ?? null,
    max: values[values.length - 1]?.[0] ?? null,
    median,
  };
}
