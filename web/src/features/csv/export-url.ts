import { exportDroppedParams } from '@dispatch/domain';
import { toApiSearch } from '../../components/board/board-search';
import { buildUrl } from '../../lib/api-client';
import { minPosition } from '../../lib/event-position';

/** The lists that export as CSV, by the path of their export. */
export type CsvExportList = 'trucks' | 'loads' | 'radius-search' | 'envelopes';

/**
 * The CSV export of a list with a page's search (its filters, order and `asOf`; paging left out: the
 * file holds every page), as a download link. It waits, as the page's own reads do, for the read side
 * to have caught up with this tab's last write, so a posting just made is in the file.
 */
export function csvExportUrl(list: CsvExportList, search: object): string {
  const params: Record<string, unknown> = { ...search };
  for (const key of exportDroppedParams) delete params[key];
  const position = minPosition();
  return buildUrl(`/api/v1/${list}/export.csv`, {
    ...toApiSearch(params),
    ...(position ? { minPosition: position } : {}),
  });
}
