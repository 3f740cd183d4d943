import { describe, expect, it } from 'vitest';
import { boardPaging, noSuchPage } from './board-paging';

describe('board paging', () => {
  it('reads an exact total as ranges and pages from 1', () => {
    const page = { totalCount: 1234, totalPages: 124, shown: 10 };
    expect(boardPaging(page, { page: 0, limit: 10 })).toEqual({
      range: '1–10 of 1,234',
      pageLabel: 'Page 1 of 124',
      hasPrevious: false,
      hasNext: true,
      previousPage: 0,
      exact: true,
      pastEnd: false,
    });
    const lastPage = boardPaging({ ...page, shown: 4 }, { page: 123, limit: 10 });
    expect(lastPage).toMatchObject({
      range: '1,231–1,234 of 1,234',
      pageLabel: 'Page 124 of 124',
      hasNext: false,
    });
    // A page past the end (the list shrank meanwhile) says so, and goes back to the last one.
    expect(boardPaging({ ...page, shown: 0 }, { page: 200, limit: 10 })).toMatchObject({
      range: '1,234 in all',
      pageLabel: 'Page 201 of 124',
      hasNext: false,
      previousPage: 123,
      pastEnd: true,
    });
    expect(boardPaging({ ...page, shown: 4 }, { page: 123, limit: 10 }).pastEnd).toBe(false);
    expect(boardPaging({ totalCount: 0, totalPages: 0, shown: 0 }, { page: 0, limit: 10 }).range).toBeNull();
  });

  it('reads a text search counted up to its cap as "1,000+" and pages on while pages are full', () => {
    const capped = { totalCount: 1000, totalCountExact: false, totalPages: 100, shown: 10 };
    expect(boardPaging(capped, { page: 0, limit: 10 })).toMatchObject({
      range: '1–10 of 1,000+',
      pageLabel: 'Page 1 of 100+',
      hasNext: true,
      exact: false,
    });
    // Past the cap: the rows beyond the thousandth, the next page while this one is full.
    expect(boardPaging(capped, { page: 100, limit: 10 })).toMatchObject({
      range: '1,001–1,010 of 1,000+',
      pageLabel: 'Page 101',
      hasNext: true,
      previousPage: 99,
    });
    expect(boardPaging({ ...capped, shown: 3 }, { page: 100, limit: 10 })).toMatchObject({
      range: '1,001–1,003 of 1,000+',
      hasNext: false,
      previousPage: 99,
    });
  });

  it('says which page an address past the end points at, and how many there are', () => {
    expect(noSuchPage(7, 5)).toBe('No page 7, there are 5');
    expect(noSuchPage(1200, 1)).toBe('No page 1,200, there is 1');
    // An empty list still has its one (empty) page.
    expect(noSuchPage(3, 0)).toBe('No page 3, there is 1');
  });
});
