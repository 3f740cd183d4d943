import type { Load } from '@dispatch/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Package, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useNow } from '../../../lib/use-now';
import { activeFilterCount, type BoardFilters, withFilters, withoutFilters } from '../../board/board-search';
import { FilterBar } from '../../board/filter-bar';
import { loadsQueryOptions } from '../api/get-loads';
import type { LoadsSearch } from '../loads-search';
import { DeleteLoadDialog } from './delete-load-dialog';
import { LoadTotals } from './load-totals';
import { LoadsPagination } from './loads-pagination';
import { LoadsTable } from './loads-table';

export interface LoadsBoardProps {
  organization: { id: string; name: string; slug: string };
  search: LoadsSearch;
}

/** The live loads list: totals, the table, paging. Live change notices refresh it in place. */
export function LoadsBoard({ organization, search }: LoadsBoardProps) {
  const { data: page, isFetching } = useSuspenseQuery(loadsQueryOptions(organization.id, search));
  const [loadToDelete, setLoadToDelete] = useState<Load | null>(null);
  const now = useNow();
  const navigate = useNavigate({ from: '/$orgSlug/loads/' });
  const filtered = activeFilterCount(search) > 0;
  const changeFilters = useCallback(
    (changes: Partial<BoardFilters>) =>
      navigate({ search: (current) => withFilters(current as LoadsSearch, changes) }),
    [navigate],
  );
  const clearFilters = useCallback(
    () => navigate({ search: (current) => withoutFilters(current as LoadsSearch) }),
    [navigate],
  );

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            Loads
            {isFetching ? <Spinner label="Refreshing" /> : null}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Freight waiting for a truck at {organization.name}, updated live.
          </p>
        </div>
        <Button asChild>
          <Link to="/$orgSlug/loads/post" params={{ orgSlug: organization.slug }}>
            <Plus aria-hidden />
            Post load
          </Link>
        </Button>
      </header>

      <LoadTotals page={page} />

      <FilterBar
        organizationId={organization.id}
        controls={{ searchLabel: 'Customer or city', product: true }}
        value={search}
        onChange={changeFilters}
        onClear={clearFilters}
      />

      <Card className="overflow-hidden">
        {page.data.length ? (
          <LoadsTable
            loads={page.data}
            search={search}
            orgSlug={organization.slug}
            now={now}
            onDelete={setLoadToDelete}
          />
        ) : (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-muted">
              <Package className="size-5 text-muted-foreground" aria-hidden />
            </span>
            {filtered && page.totalCount === 0 ? (
              <>
                <p className="font-medium">No loads match these filters</p>
                <Button variant="outline" size="sm" onClick={clearFilters}>
                  Clear filters
                </Button>
              </>
            ) : search.page > 0 && page.totalCount > 0 ? (
              <>
                <p className="font-medium">This page is empty</p>
                <Button asChild variant="outline" size="sm">
                  <Link from="/$orgSlug/loads/" to="." search={{ ...search, page: 0 }}>
                    Back to the first page
                  </Link>
                </Button>
              </>
            ) : (
              <>
                <p className="font-medium">No loads posted yet</p>
                <p className="max-w-sm text-sm text-muted-foreground">
                  Post a load and everyone in {organization.name} sees it here at once.
                </p>
              </>
            )}
          </div>
        )}
      </Card>

      <LoadsPagination page={page} search={search} />

      <DeleteLoadDialog
        load={loadToDelete}
        organizationName={organization.name}
        onClose={() => setLoadToDelete(null)}
      />
    </div>
  );
}
