import { BoardTotals } from '../../../components/board/board-totals';
import type { TrucksPage } from '../api/get-trucks';

/** `filtered`: the first figure counts the trucks the filters match rather than the whole board. */
export function TruckTotals({ page, filtered = false }: { page: TrucksPage; filtered?: boolean }) {
  return (
    <BoardTotals
      countLabel={filtered ? 'Matching trucks' : 'Trucks on the board'}
      count={page.totalCount}
      countExact={page.totalCountExact}
      createdToday={page.totalTrucksCreatedToday}
      createdYesterday={page.totalTrucksCreatedYesterday}
      availableToday={page.totalAvailableToday}
      availableYesterday={page.totalAvailableYesterday}
    />
  );
}
