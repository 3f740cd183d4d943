import type { LiveChange } from '@dispatch/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadKeys } from '../features/loads/api/load-keys';
import { defaultLoadsSearch } from '../features/loads/loads-search';
import { truckKeys } from '../features/trucks/api/truck-keys';
import { defaultTrucksSearch, type TrucksSearch } from '../features/trucks/trucks-search';
import { liveChangeHandlers } from './live-handlers';

const ORG = 'org-1';
const at = (minute: number) => `2026-11-28T10:${String(minute).padStart(2, '0')}:00.000Z`;
const truck = (id: number, minute: number, extra: Record<string, unknown> = {}) => ({
  id,
  // A posting's first version is 0.
  version: 0,
  trailerType: 'FLATBED',
  status: true,
  createdAt: at(minute),
  updatedAt: at(minute),
  ...extra,
});
/** A page of three trucks, newest change first, of a board of `totalCount`. */
const trucksPage = (page: number, totalCount: number) => ({
  success: true,
  count: 3,
  totalCount,
  totalCountExact: true,
  totalPages: Math.ceil(totalCount / 3),
  totalTrucksCreatedToday: 1,
  totalTrucksCreatedYesterday: 0,
  totalAvailableToday: 1,
  totalAvailableYesterday: 0,
  limit: 3,
  page,
  data: [truck(3, 30 - page * 3), truck(2, 29 - page * 3), truck(1, 28 - page * 3)],
});
const board = (totalCount: number) => ({
  totalCount,
  createdToday: 2,
  createdYesterday: 0,
  availableToday: 2,
  availableYesterday: 0,
});
const notice = (fields: Partial<LiveChange>): LiveChange => ({
  kind: 'trucks',
  ids: [],
  position: '100',
  orgId: ORG,
  rows: [],
  removed: [],
  board: board(5),
  ...fields,
});

describe('a notice of trucks on the pages a screen shows', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient();
  });
  afterEach(() => queryClient.clear());

  const show = (search: Partial<TrucksSearch>, page: object) => {
    const key = truckKeys.list(ORG, { ...defaultTrucksSearch, limit: 3, ...search });
    queryClient.setQueryData(key, page);
    return {
      page: () => queryClient.getQueryData(key) as ReturnType<typeof trucksPage>,
      reread: () => queryClient.getQueryState(key)?.isInvalidated,
    };
  };
  const hear = (change: LiveChange) =>
    liveChangeHandlers.trucks(queryClient, change.ids as number[], change) as Promise<unknown>;

  it('places a new truck at the top of the first page, its totals with it, without reading the page', async () => {
    const screen = show({}, trucksPage(0, 4));
    await hear(notice({ ids: [9], rows: [truck(9, 40, { truckName: 'New' })], board: board(5) }));
    expect(screen.reread()).toBe(false);
    expect(screen.page().data.map((row) => row.id)).toEqual([9, 3, 2]);
    expect(screen.page()).toMatchObject({
      count: 3,
      totalCount: 5,
      totalPages: 2,
      totalTrucksCreatedToday: 2,
      totalAvailableToday: 2,
    });
  });

  it('reads a page again when the notice cannot place its row there', async () => {
    // A later page: every row on it moves down by one, and which row comes in is the server's.
    const later = show({ page: 1 }, trucksPage(1, 6));
    // Ids only: a commit of more postings than a notice carries.
    const first = show({}, trucksPage(0, 6));
    await hear(notice({ ids: [9], rows: [truck(9, 40)], board: board(7) }));
    expect(later.reread()).toBe(true);
    expect(first.reread()).toBe(false);
    await hear(notice({ ids: [10], rows: undefined, position: '101' }));
    expect(first.reread()).toBe(true);
  });

  it('takes a removed truck off the page, and reads the page again when another row must come up', async () => {
    const whole = show({}, trucksPage(0, 3));
    await hear(notice({ ids: [2], removed: [2], board: board(2) }));
    expect(whole.reread()).toBe(false);
    expect(whole.page()).toMatchObject({ count: 2, totalCount: 2, totalPages: 1 });
    expect(whole.page().data.map((row) => row.id)).toEqual([3, 1]);
    queryClient.clear();
    const followed = show({}, trucksPage(0, 4));
    await hear(notice({ ids: [2], removed: [2], board: board(3), position: '101' }));
    expect(followed.reread()).toBe(true);
  });

  it('moves an edited truck of the page where its new change time puts it, with its new fields', async () => {
    const screen = show({}, trucksPage(0, 4));
    await hear(
      notice({ ids: [1], rows: [truck(1, 41, { version: 1, truckName: 'Edited' })], board: board(4) }),
    );
    expect(screen.reread()).toBe(false);
    expect(screen.page().data.map((row) => [row.id, row.version])).toEqual([
      [1, 1],
      [3, 0],
      [2, 0],
    ]);
    expect(screen.page().data[0]).toMatchObject({ truckName: 'Edited' });
    expect(screen.page().totalCount).toBe(4);
  });

  it('leaves a filtered page as it is for a new truck its filters exclude, and places one they take', async () => {
    const hoppers = show({ trailerType: ['HIGH_SIDED_HOPPER'] }, { ...trucksPage(0, 3), totalCount: 3 });
    await hear(notice({ ids: [9], rows: [truck(9, 40)], board: board(4) }));
    expect(hoppers.reread()).toBe(false);
    expect(hoppers.page().data.map((row) => row.id)).toEqual([3, 2, 1]);
    expect(hoppers.page().totalCount).toBe(3);
    await hear(
      notice({
        ids: [10],
        rows: [truck(10, 42, { trailerType: 'HIGH_SIDED_HOPPER' })],
        board: board(5),
        position: '101',
      }),
    );
    expect(hoppers.reread()).toBe(false);
    expect(hoppers.page().data.map((row) => row.id)).toEqual([10, 3, 2]);
    expect(hoppers.page().totalCount).toBe(4);
    // A text search is the server's to match.
    const searched = show({ search: 'heartland' }, trucksPage(0, 3));
    await hear(notice({ ids: [11], rows: [truck(11, 43)], board: board(6), position: '102' }));
    expect(searched.reread()).toBe(true);
  });

  it('reads a loads page that shows the margin again: the notice leaves it out', async () => {
    const key = loadKeys.list(ORG, { ...defaultLoadsSearch, limit: 3 });
    const loadsPage = {
      ...trucksPage(0, 3),
      data: trucksPage(0, 3).data.map((row) => ({ ...row, margin: 10, marginUnit: 'TONS' })),
    };
    queryClient.setQueryData(key, loadsPage);
    await liveChangeHandlers.loads(queryClient, [9], {
      ...notice({ ids: [9], rows: [truck(9, 40)], board: board(4) }),
      kind: 'loads',
      withheld: ['margin', 'marginUnit'],
    });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
