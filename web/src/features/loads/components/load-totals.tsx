import { BoardTotals } from '../../../components/board/board-totals';
import type { LoadsPage } from '../api/get-loads';

/** `filtered`: the first figure counts the loads the filters match rather than the whole board. */
export function LoadTotals({ page, filtered = false }: { page: LoadsPage; filtered?: boolean }) {
  return (
    <BoardTotals
      countLabel={filtered ? 'Matching loads' : 'Loads on the board'}
      count={page.totalCount}
      countExact={page.totalCountExact}
      createdToday={page.totalCreatedToday}
      createdYesterday={page.totalCreatedYesterday}
      availableToday={page.totalAvailableToday}
      availableYesterday={page.totalAvailableYesterday}
    />
  );
}
