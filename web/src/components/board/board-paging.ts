/** What a board's pagination shows and allows, from a page of the list and where it stands. */
export interface BoardPaging {
  /** "1–10 of 1,234", "1–10 of 1,000+", "1,000+ in all" on an empty page; null for an empty list. */
  range: string | null;
  /** "Page 1 of 124", "Page 1 of 100+", or "Page 101" past a counted cap. */
  pageLabel: string;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The page the Previous link goes to (0-based): back inside the list from a page past its end. */
  previousPage: number;
  /** False when a text search counted up to its cap: the list holds more than `totalCount`. */
  exact: boolean;
  /** A page past the last of a list that has rows (a link kept while the list shrank, `?page=99`). */
  pastEnd: boolean;
}

/**
 * Pages count from 0 in the URL and the API; people read them from 1. A text search counted up to its
 * cap (`totalCountExact: false`) reads "1–10 of 1,000+" and "Page 1 of 100+", and pages on while its
 * pages are full.
 */
export function boardPaging(
  page: { totalCount: number; totalCountExact?: boolean; totalPages: number; shown: number },
  search: { page: number; limit: number },
): BoardPaging {
  const exact = page.totalCountExact !== false;
  const before = search.page * search.limit;
  const totalPages = Math.max(1, page.totalPages);
  const number = (value: number) => value.toLocaleString('en-US');
  const total = `${number(page.totalCount)}${exact ? '' : '+'}`;
  const last = exact ? Math.min(page.totalCount, before + page.shown) : before + page.shown;
  return {
    range:
      page.totalCount === 0
        ? null
        : page.shown === 0
          ? `${total} in all`
          : `${number(before + 1)}–${number(last)} of ${total}`,
    // Past the end the label says where the address points, beside "No page 100, there are 5".
    pageLabel: exact
      ? `Page ${search.page + 1} of ${totalPages}`
      : search.page < totalPages
        ? `Page ${search.page + 1} of ${totalPages}+`
        : `Page ${search.page + 1}`,
    hasPrevious: search.page > 0,
    hasNext: exact ? search.page + 1 < page.totalPages : page.shown === search.limit,
    previousPage: Math.max(0, exact ? Math.min(search.page - 1, totalPages - 1) : search.page - 1),
    exact,
    pastEnd: exact && page.totalCount > 0 && search.page >= page.totalPages,
  };
}

/** What a list past its end says: "No page 7, there are 5" (`page` counted from 1, as people read it). */
export function noSuchPage(page: number, totalPages: number): string {
  const pages = Math.max(1, totalPages);
  const there = pages === 1 ? 'there is 1' : `there are ${pages.toLocaleString('en-US')}`;
  return `No page ${page.toLocaleString('en-US')}, ${there}`;
}
