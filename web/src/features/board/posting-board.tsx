import { useNavigate } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { describeQueryError } from '../../components/errors/query-error';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useNow } from '../../lib/use-now';
import { AsOfBanner, AsOfControl, type AsOfView } from './as-of';
import { BoardEmptyState } from './board-empty-state';
import { BoardHeader, type BoardHeaderProps } from './board-header';
import type { BoardPath } from './board-kind';
import { BoardPagination } from './board-pagination';
import { activeFilterCount, type BoardFilters } from './board-search';
import { FilterBar, type FilterBarControls } from './filter-bar';
import { useBoardFilters } from './use-board-filters';

/** A detail as a sentence of its own, ending with its stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** What tells the trucks board from the loads board, apart from its rows. */
export interface BoardKind {
  /** The list's route. */
  path: BoardPath;
  title: string;
  /** "trucks" or "loads", as the texts name them. */
  nouns: string;
  post: Omit<NonNullable<BoardHeaderProps['post']>, 'orgSlug'>;
  icon: ReactNode;
  filterControls: FilterBarControls;
}

export interface PostingBoardProps<P> {
  kind: BoardKind;
  organization: { id: string; name: string; slug: string };
  search: BoardFilters & { page: number; limit: number; asOf?: string };
  page: { data: P[]; totalCount: number; totalPages: number; asOf?: AsOfView };
  refreshing: boolean;
  /** Why the last refresh failed while an earlier answer stays on screen (a first load's failure is the page's). */
  refreshError?: unknown;
  onRetry?: () => void;
  description: string;
  /** Invites the first posting when nothing is posted yet. */
  invitation: string;
  totals: (filtered: boolean) => ReactNode;
  /** `onDelete` is null when the board shows a moment of the past: it is read only. */
  table: (rows: P[], now: Date, onDelete: ((posting: P) => void) | null) => ReactNode;
  deleteDialog: (posting: P | null, onClose: () => void) => ReactNode;
}

/** A live list of the board: totals, filters, the table or why it is empty, paging, deleting. */
export function PostingBoard<P>({
  kind,
  organization,
  search,
  page,
  refreshing,
  refreshError,
  onRetry,
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
  const navigate = useNavigate({ from: kind.path });
  const viewAsOf = (asOf: string | undefined) =>
    navigate({ search: (current) => ({ ...current, asOf, page: 0 }) });
  const asOf = search.asOf ? page.asOf : undefined;

  return (
    <div className="flex flex-col gap-6">
      <BoardHeader
        title={kind.title}
        description={description}
        refreshing={refreshing}
        post={asOf ? null : { ...kind.post, orgSlug: organization.slug }}
        extra={<AsOfControl value={search.asOf} onChange={viewAsOf} />}
      />

      {asOf ? <AsOfBanner asOf={asOf} onLive={() => viewAsOf(undefined)} /> : null}

      {totals(filtered)}

      <FilterBar
        organizationId={organization.id}
        controls={kind.filterControls}
        value={search}
        onChange={changeFilters}
        onClear={clearFilters}
      />

      {refreshError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm"
        >
          <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
          <span className="font-medium">
            {describeQueryError(refreshError, 'Could not refresh this board').title}
          </span>
          <span className="min-w-0 flex-1 break-words text-muted-foreground">
            {sentence(describeQueryError(refreshError, '').detail)} Showing the last answer.
          </span>
          {onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry} disabled={refreshing}>
              Retry
            </Button>
          ) : null}
        </div>
      ) : null}

      <Card className="overflow-hidden">
        {page.data.length ? (
          table(page.data, now, asOf ? null : setToDelete)
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
