import { useNavigate, useRouterState } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { AsOfBanner, AsOfControl, type AsOfView } from '../../../components/board/as-of';
import { BoardEmptyState } from '../../../components/board/board-empty-state';
import { BoardHeader, type BoardHeaderProps } from '../../../components/board/board-header';
import type { BoardPath } from '../../../components/board/board-kind';
import { BoardPagination, gridOfBoard } from '../../../components/board/board-pagination';
import { activeFilterCount, type BoardFilters } from '../../../components/board/board-search';
import { isPageShortcut } from '../../../components/board/data-grid/keys';
import { useApplySavedPageSize } from '../../../components/board/data-grid/use-grid-preferences';
import { useBoardFilters } from '../../../components/board/use-board-filters';
import { describeQueryError } from '../../../components/errors/query-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useNow } from '../../../lib/use-now';
import { BoardCsvActions } from '../../csv';
import { BoardLiveRegion, NewRowsButton, useBoardChanges } from '../../live';
import { kindOfBoard, SaveSearchButton } from '../../saved-searches';
import { ExpiredPostings } from './expired-postings';
import { BOARD_SEARCH_ATTRIBUTE, FilterBar, type FilterBarControls } from './filter-bar';

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
  page: { data: P[]; totalCount: number; totalCountExact?: boolean; totalPages: number; asOf?: AsOfView };
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

/**
 * The board's shortcuts: `/` focuses the search box (Escape leaves it), `n` opens the post screen
 * (not on a board of the past). The grid's own are j / k and Enter.
 */
function useBoardShortcuts(onPost: (() => void) | null) {
  const post = useRef(onPost);
  post.current = onPost;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Escape in the search box hands the keys back to the board (j / k, Enter, n).
      if (
        event.key === 'Escape' &&
        event.target instanceof HTMLInputElement &&
        event.target.closest(`[${BOARD_SEARCH_ATTRIBUTE}]`)
      ) {
        event.target.blur();
        return;
      }
      if (!isPageShortcut(event)) return;
      if (event.key === '/') {
        const input = document.querySelector<HTMLInputElement>(`[${BOARD_SEARCH_ATTRIBUTE}] input`);
        if (!input) return;
        event.preventDefault();
        input.focus();
        input.select();
      } else if (event.key === 'n' && post.current) {
        event.preventDefault();
        post.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * A live list of the board: one slim heading line, the search and the filters behind a button with
 * the totals beside them, the grid (which scrolls inside its frame, the page never does on a
 * computer) or why it is empty, paging, deleting.
 */
export function PostingBoard<P extends { id: number; version: number }>({
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
  const limitInAddress = useRouterState({ select: (state) => /[?&]limit=/.test(state.location.searchStr) });
  useApplySavedPageSize(gridOfBoard[kind.path], {
    limit: search.limit,
    explicit: limitInAddress,
    apply: (limit) => void navigate({ search: (current) => ({ ...current, limit, page: 0 }), replace: true }),
  });
  useBoardShortcuts(
    asOf ? null : () => void navigate({ to: kind.post.to, params: { orgSlug: organization.slug } }),
  );
  // What others change on this page is said politely, and the rows that came are a button away.
  const listKind = kind.path === '/$orgSlug/trucks/' ? 'trucks' : 'loads';
  const nouns = { one: kind.nouns.replace(/s$/, ''), many: kind.nouns };
  const changes = useBoardChanges({ kind: listKind, rows: page.data, view: JSON.stringify(search), nouns });
  const gridFrame = useRef<HTMLDivElement>(null);
  const goToRow = (id: number) => {
    // The grid's row from md up, the row's card on a phone: whichever shows.
    const row = [...(gridFrame.current?.querySelectorAll<HTMLElement>(`[data-row-key="${id}"]`) ?? [])].find(
      (element) => element.getClientRects().length > 0,
    );
    row?.focus();
    changes.clearNew();
  };

  return (
    // From md up the board fills the window below the page's padding (main's py-8), and only the
    // grid scrolls; on phones the page scrolls and the grid scrolls sideways inside its frame.
    <div className="flex min-w-0 flex-col gap-2 md:h-[calc(100dvh-4rem)]">
      <BoardHeader
        title={kind.title}
        description={description}
        refreshing={refreshing}
        post={asOf ? null : { ...kind.post, orgSlug: organization.slug }}
        extra={
          <>
            <SaveSearchButton
              kind={kindOfBoard(kind.path)}
              params={search}
              orgSlug={organization.slug}
              size="sm"
            />
            {asOf ? null : (
              <ExpiredPostings
                kind={kind.path === '/$orgSlug/trucks/' ? 'trucks' : 'loads'}
                organizationId={organization.id}
              />
            )}
            <AsOfControl value={search.asOf} onChange={viewAsOf} />
            <BoardCsvActions path={kind.path} search={search} orgSlug={organization.slug} />
          </>
        }
      />

      {asOf ? <AsOfBanner asOf={asOf} onLive={() => viewAsOf(undefined)} /> : null}

      <FilterBar
        organizationId={organization.id}
        controls={kind.filterControls}
        value={search}
        onChange={changeFilters}
        onClear={clearFilters}
        aside={totals(filtered)}
      />

      <BoardLiveRegion message={changes.message} label={`${kind.title} changes`} />
      {changes.newIds.length ? (
        <div className="flex">
          <NewRowsButton newIds={changes.newIds} nouns={nouns} onGo={goToRow} />
        </div>
      ) : null}

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

      <Card ref={gridFrame} className="flex min-h-0 flex-col overflow-hidden sm:max-md:max-h-[75dvh]">
        {page.data.length ? (
          table(page.data, now, asOf ? null : setToDelete)
        ) : (
          <BoardEmptyState
            icon={kind.icon}
            nouns={kind.nouns}
            invitation={
              asOf
                ? `The board had no ${kind.nouns} at that moment. Choose a later one, or go back to live.`
                : invitation
            }
            filtered={filtered}
            totalCount={page.totalCount}
            totalPages={page.totalPages}
            exact={page.totalCountExact !== false}
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
