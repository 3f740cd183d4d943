import { type ReactNode, useState } from 'react';
import { Card } from '../../components/ui/card';
import { useNow } from '../../lib/use-now';
import { BoardEmptyState } from './board-empty-state';
import { BoardHeader, type BoardHeaderProps } from './board-header';
import type { BoardPath } from './board-kind';
import { BoardPagination } from './board-pagination';
import { activeFilterCount, type BoardFilters } from './board-search';
import { FilterBar, type FilterBarControls } from './filter-bar';
import { useBoardFilters } from './use-board-filters';

/** What tells the trucks board from the loads board, apart from its rows. */
export interface BoardKind {
  /** The list's route. */
  path: BoardPath;
  title: string;
  /** "trucks" or "loads", as the texts name them. */
  nouns: string;
  post: Omit<BoardHeaderProps['post'], 'orgSlug'>;
  icon: ReactNode;
  filterControls: FilterBarControls;
}

export interface PostingBoardProps<P> {
  kind: BoardKind;
  organization: { id: string; name: string; slug: string };
  search: BoardFilters & { page: number; limit: number };
  page: { data: P[]; totalCount: number; totalPages: number };
  refreshing: boolean;
  description: string;
  /** Invites the first posting when nothing is posted yet. */
  invitation: string;
  totals: (filtered: boolean) => ReactNode;
  table: (rows: P[], now: Date, onDelete: (posting: P) => void) => ReactNode;
  deleteDialog: (posting: P | null, onClose: () => void) => ReactNode;
}

/** A live list of the board: totals, filters, the table or why it is empty, paging, deleting. */
export function PostingBoard<P>({
  kind,
  organization,
  search,
  page,
  refreshing,
  description,
  invitation,
  totals,
  table,
  deleteDialog,
}: PostingBoardProps<P>) {
  const [toDelete, setToDelete] = useState<P | null>(null);
  const now = useNow();
  const filtered = activeFilterCount(search) > 0;
  const { changeFilters, clearFilters } = useBoardFilters(kind.path);

  return (
    <div className="flex flex-col gap-6">
      <BoardHeader
        title={kind.title}
        description={description}
        refreshing={refreshing}
        post={{ ...kind.post, orgSlug: organization.slug }}
      />

      {totals(filtered)}

      <FilterBar
        organizationId={organization.id}
        controls={kind.filterControls}
        value={search}
        onChange={changeFilters}
        onClear={clearFilters}
      />

      <Card className="overflow-hidden">
        {page.data.length ? (
          table(page.data, now, setToDelete)
        ) : (
          <BoardEmptyState
            icon={kind.icon}
            nouns={kind.nouns}
            invitation={invitation}
            filtered={filtered}
            totalCount={page.totalCount}
            page={search.page}
            from={kind.path}
            onClearFilters={clearFilters}
          />
        )}
      </Card>

      <BoardPagination page={page} search={search} from={kind.path} emptyText={`No ${kind.nouns}`} />

      {deleteDialog(toDelete, () => setToDelete(null))}
    </div>
  );
}
