import { BoardTotals } from '../../board/board-totals';
import type { LoadsPage } from '../api/get-loads';

export function LoadTotals({ page }: { page: LoadsPage }) {
  return (
    <BoardTotals
      countLabel="Loads on the board"
      count={page.totalCount}
      createdToday={page.totalCreatedToday}
      createdYesterday={page.totalCreatedYesterday}
      availableToday={page.totalAvailableToday}
      availableYesterday={page.totalAvailableYesterday}
    />
  );
}
