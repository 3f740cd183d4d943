import {
  DEFAULT_TIME_ZONE,
  dayRange,
  overviewQuerySchema,
  radiusSearchQuerySchema,
  truckListQuerySchema,
} from '@dispatch/domain';
import {
  listTotal,
  monthlyCounts,
  postingSort,
  postingTotals,
  radiusSearch,
  SEARCH_TOTAL_CAP,
  truckListFilter,
  trucksPage,
} from '@dispatch/query-api';
import { collections } from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';
import type { GeneratedBoard } from './board-data.ts';
import { fmt, percentile, type Row } from './stats.ts';

/** A list query a dispatcher makes, in the words of the list parameters. */
interface Shape {
  name: string;
  params: (board: GeneratedBoard, round: number) => Record<string, string>;
  /** Text searches are reported apart, each kind of term beside the goal. */
  textSearch?: TermKind;
}

/** The kinds of terms a text search is timed with (goal: p95 ≤ 15 ms at 1M trucks, page and total). */
type TermKind = 'name' | 'unit' | 'common' | 'rare' | 'none' | 'three';
const termKinds: Record<TermKind, string> = {
  name: 'name "truck 1000"…',
  unit: 'unit number "u-2000"…',
  common: 'common term ("truck", every name; "U-10")',
  rare: 'rare term (one truck)',
  none: 'term with no match',
  three: '3-character term ("123"…)',
};

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
    textSearch: 'name',
  },
  { name: 'unit number', params: (_, round) => ({ unitNumber: `u-${2000 + round}` }), textSearch: 'unit' },
  {
    name: 'search a term every name holds ("truck", pages 1-3)',
    params: (_, round) => ({
      search: ['truck', 'Truck', 'TRUCK', 'ruck'][round % 4] as string,
      page: String(round % 3),
    }),
    textSearch: 'common',
  },
  {
    name: 'unit number most trucks share ("U-10")',
    params: (_, round) => ({ unitNumber: ['U-10', 'u-10', 'U-1'][round % 3] as string }),
    textSearch: 'common',
  },
  {
    name: "search one truck's name",
    params: (board, round) => ({
      search: `truck ${board.firstId + ((round * 7919 + 12_345) % board.trucks)}`,
    }),
    textSearch: 'rare',
  },
  {
    name: 'search a term no name holds',
    params: (_, round) => ({ search: ['trailer', 'zebra', 'truck 99x', 'reefer 1'][round % 4] as string }),
    textSearch: 'none',
  },
  {
    name: 'search 3 characters ("123", "999"…)',
    params: (_, round) => ({ search: ['123', '999', '007', '456', '808'][round % 5] as string }),
    textSearch: 'three',
  },
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
  options: { textOnly?: boolean } = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  const filterSamples: number[] = [];
  const searchSamples: number[] = [];
  const byTerm = new Map<TermKind, number[]>();
  for (const shape of listShapes) {
    if (options.textOnly && !shape.textSearch) continue;
    const samples: number[] = [];
    const shapeRounds = shape.textSearch ? Math.min(rounds, 20) : rounds;
    for (let round = -3; round < shapeRounds; round++) {
      const query = truckListQuerySchema.parse(shape.params(board, Math.max(0, round)));
      const ms = await timed(() => trucksPage(documents, board.orgId, DEFAULT_TIME_ZONE, query, new Date()));
      if (round >= 0) samples.push(ms);
    }
    (shape.textSearch ? searchSamples : filterSamples).push(...samples);
    if (shape.textSearch) byTerm.set(shape.textSearch, [...(byTerm.get(shape.textSearch) ?? []), ...samples]);
    rows.push({
      benchmark: `trucks list, ${label}: ${shape.name}`,
      figure: 'p50 / p95 ms',
      value: `${fmt(percentile(samples, 50), 2)} / ${fmt(percentile(samples, 95), 2)}`,
    });
  }
  if (!options.textOnly) {
    rows.push({
      benchmark: `trucks list, ${label}: filters and sort (all shapes above but text search)`,
      figure: 'p95 ms',
      value: fmt(percentile(filterSamples, 95), 2),
    });
  }
  rows.push({
    benchmark: `trucks list, ${label}: text search (search, unitNumber), every term above`,
    figure: 'p95 ms',
    value: fmt(percentile(searchSamples, 95), 2),
  });
  for (const [kind, samples] of byTerm) {
    rows.push({
      benchmark: `trucks list, ${label}: text search, ${termKinds[kind]}, page and total`,
      figure: 'p95 ms (goal ≤ 15 at 1M)',
      value: fmt(percentile(samples, 95), 2),
    });
  }
  rows.push(...(await benchCommonTermParts(documents, board, label)));
  return rows;
}

/**
 * A term every name holds, its page and its total apart: the page walks the list's index; the list's
 * total counts up to its cap (SEARCH_TOTAL_CAP, "1,000+"); an exact total would test every row the
 * term matches (the store's count without a limit, printed for comparison).
 */
async function benchCommonTermParts(
  documents: DocumentStore,
  board: GeneratedBoard,
  label: string,
): Promise<Row[]> {
  const page: number[] = [];
  const total: number[] = [];
  const exact: number[] = [];
  for (let round = -2; round < 8; round++) {
    const query = truckListQuerySchema.parse({ search: ['truck', 'ruck'][Math.abs(round) % 2] as string });
    const filter = truckListFilter(query, board.orgId);
    const pageMs = await timed(() =>
      documents.find(collections.trucks, { filter, sort: postingSort(query), limit: query.limit }),
    );
    const totalMs = await timed(() => listTotal(documents, 'trucks', collections.trucks, filter));
    if (round >= 0) {
      page.push(pageMs);
      total.push(totalMs);
    }
  }
  // Last: reading every matching row leaves the cache unlike a list's reads.
  for (const search of ['truck', 'ruck', 'truck', 'ruck']) {
    const filter = truckListFilter(truckListQuerySchema.parse({ search }), board.orgId);
    exact.push(await timed(() => documents.count(collections.trucks, filter)));
  }
  return [
    {
      benchmark: `trucks list, ${label}: text search, common term ("truck"): the page alone / the list's total (up to ${SEARCH_TOTAL_CAP.toLocaleString('en-US')}) alone / an exact total`,
      figure: 'p95 ms',
      value: `${fmt(percentile(page, 95), 2)} / ${fmt(percentile(total, 95), 2)} / ${fmt(percentile(exact, 95), 2)}`,
    },
  ];
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
