import {
  DEFAULT_TIME_ZONE,
  dayRange,
  overviewQuerySchema,
  radiusSearchQuerySchema,
  truckListQuerySchema,
} from '@dispatch/domain';
import { monthlyCounts } from '@dispatch/query-api/overview/monthly-counts';
import { postingTotals } from '@dispatch/query-api/overview/posting-totals';
import { radiusSearch } from '@dispatch/query-api/radius/radius-queries';
import { trucksPage } from '@dispatch/query-api/trucks/trucks-page';
import type { DocumentStore } from '@dispatch/storage';
import type { GeneratedBoard } from './board-data.ts';
import { fmt, percentile, type Row } from './stats.ts';

/** A list query a dispatcher makes, in the words of the list parameters. */
interface Shape {
  name: string;
  params: (board: GeneratedBoard, round: number) => Record<string, string>;
  /** Substring matches visit every row of the organization: reported apart. */
  textSearch?: boolean;
}

const DAY_MS = 86_400_000;
const today = () => dayRange(DEFAULT_TIME_ZONE, new Date());
const creator = (board: GeneratedBoard, round: number) =>
  board.dispatchers[round % board.dispatchers.length] as string;

/** The board's filter and sort shapes; each round varies the values a little (page, creator, type). */
export const listShapes: Shape[] = [
  { name: 'whole board, latest edits first', params: (_, round) => ({ page: String(round % 5) }) },
  {
    name: 'available, soonest availability first',
    params: () => ({ status: 'true', orderBy: 'availableDate', sort: 'asc' }),
  },
  {
    name: 'trailer type + two directions, newest first',
    params: (_, round) => ({
      trailerType: ['FLATBED', 'HIGH_SIDED_HOPPER', 'LOW_SIDED_HOPPER'][round % 3] as string,
      direction: 'NORTH,SOUTH',
      orderBy: 'createdAt',
    }),
  },
  {
    name: 'one dispatcher, available, one trailer type, page 3',
    params: (board, round) => ({
      createdBy: creator(board, round),
      status: 'true',
      trailerType: 'FLATBED',
      page: '3',
    }),
  },
  {
    name: 'posted in the last 7 days',
    params: () => ({
      dateField: 'createdAt',
      dateOperation: 'gte',
      startDate: new Date(Date.now() - 7 * DAY_MS).toISOString(),
    }),
  },
  {
    name: 'available today, by availability',
    params: () => ({
      dateField: 'availableDate',
      dateOperation: 'eq',
      startDate: `${today().date}T00:00:00.000Z`,
      status: 'true',
      orderBy: 'availableDate',
    }),
  },
  {
    name: 'edited this month by one dispatcher',
    params: (board, round) => ({
      dateField: 'updatedAt',
      startDate: new Date(Date.now() - 30 * DAY_MS).toISOString(),
      createdBy: creator(board, round),
    }),
  },
  {
    name: 'search truck name',
    params: (_, round) => ({ search: `truck ${1000 + round}` }),
    textSearch: true,
  },
  { name: 'unit number', params: (_, round) => ({ unitNumber: `u-${2000 + round}` }), textSearch: true },
];

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/**
 * The trucks list (the query API's own code, below HTTP and the session check) for one organization:
 * p50 and p95 per shape, and p95 over all filter and sort shapes and over the text searches.
 */
export async function benchListQueries(
  documents: DocumentStore,
  board: GeneratedBoard,
  label: string,
  rounds: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  const filterSamples: number[] = [];
  const searchSamples: number[] = [];
  for (const shape of listShapes) {
    const samples: number[] = [];
    // A text search visits every row: fewer rounds keep the run short, the figure is plain anyway.
    const shapeRounds = shape.textSearch ? Math.min(rounds, 8) : rounds;
    for (let round = -3; round < shapeRounds; round++) {
      const query = truckListQuerySchema.parse(shape.params(board, Math.max(0, round)));
      const ms = await timed(() => trucksPage(documents, board.orgId, DEFAULT_TIME_ZONE, query, new Date()));
      if (round >= 0) samples.push(ms);
    }
    (shape.textSearch ? searchSamples : filterSamples).push(...samples);
    rows.push({
      benchmark: `trucks list, ${label}: ${shape.name}`,
      figure: 'p50 / p95 ms',
      value: `${fmt(percentile(samples, 50), 2)} / ${fmt(percentile(samples, 95), 2)}`,
    });
  }
  rows.push(
    {
      benchmark: `trucks list, ${label}: filters and sort (all shapes above but text search)`,
      figure: 'p95 ms',
      value: fmt(percentile(filterSamples, 95), 2),
    },
    {
      benchmark: `trucks list, ${label}: text search (search, unitNumber)`,
      figure: 'p95 ms',
      value: fmt(percentile(searchSamples, 95), 2),
    },
  );
  return rows;
}

/** The overview's two calls for one organization: monthly counts (plain and date-filtered) and totals. */
export async function benchOverviewQueries(
  documents: DocumentStore,
  board: GeneratedBoard,
  label: string,
  rounds: number,
): Promise<Row[]> {
  const year = new Date().getFullYear();
  const shapes = [
    { year: String(year) },
    { year: String(year - 1), type: 'loads' },
    { year: String(year), createdBy: board.dispatchers[0] as string },
    {
      year: String(year),
      dateField: 'createdAt',
      startDate: new Date(Date.now() - 45 * DAY_MS).toISOString(),
    },
  ];
  const samples: number[] = [];
  for (let round = -3; round < rounds; round++) {
    for (const params of shapes) {
      const query = overviewQuerySchema.parse(params);
      const ms = await timed(() =>
        monthlyCounts(documents, board.orgId, DEFAULT_TIME_ZONE, query, new Date()),
      );
      if (round >= 0) samples.push(ms);
    }
  }
  const totals: number[] = [];
  for (let round = -3; round < rounds; round++) {
    const ms = await timed(() => postingTotals(documents, board.orgId));
    if (round >= 0) totals.push(ms);
  }
  return [
    {
      benchmark: `overview, ${label}: monthly counts (year, type, creator, date range)`,
      figure: 'p95 ms',
      value: fmt(percentile(samples, 95), 2),
    },
    { benchmark: `overview, ${label}: totals`, figure: 'p95 ms', value: fmt(percentile(totals, 95), 2) },
  ];
}

/** Cities the radius searches start from, one a round: dense and sparse parts of the board. */
const radiusCenters = [
  ['IL', 'Chicago'],
  ['TX', 'Dallas'],
  ['GA', 'Atlanta'],
  ['CO', 'Denver'],
  ['CA', 'Fresno'],
  ['NY', 'Buffalo'],
] as const;

/**
 * The radius search (the query API's own code, below HTTP) for one organization: the first page of
 * trucks within 50, 250 and 1000 miles, with the total, p50 and p95 each.
 */
export async function benchRadiusQueries(
  documents: DocumentStore,
  board: GeneratedBoard,
  label: string,
  rounds: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const radius of [50, 250, 1000]) {
    const samples: number[] = [];
    let found = 0;
    for (let round = -3; round < rounds; round++) {
      const [state, city] = radiusCenters[Math.abs(round) % radiusCenters.length] as readonly [
        string,
        string,
      ];
      const query = radiusSearchQuerySchema.parse({ state, city, radius: String(radius) });
      const start = performance.now();
      const answer = await radiusSearch(documents, board.orgId, query);
      if (round >= 0) samples.push(performance.now() - start);
      found = Math.max(found, answer.totalCount);
    }
    rows.push({
      benchmark: `radius search, ${label}: ${radius} miles, first page (up to ${fmt(found)} trucks within)`,
      figure: 'p50 / p95 ms',
      value: `${fmt(percentile(samples, 50), 2)} / ${fmt(percentile(samples, 95), 2)}`,
    });
  }
  return rows;
}
