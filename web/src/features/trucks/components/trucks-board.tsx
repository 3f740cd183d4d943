import type { Truck } from '@dispatch/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Plus, Truck as TruckIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useNow } from '../../../lib/use-now';
import { activeFilterCount, type BoardFilters, withFilters, withoutFilters } from '../../board/board-search';
import { FilterBar } from '../../board/filter-bar';
import { trucksQueryOptions } from '../api/get-trucks';
import type { TrucksSearch } from '../trucks-search';
import { DeleteTruckDialog } from './delete-truck-dialog';
import { TruckTotals } from './truck-totals';
import { TrucksPagination } from './trucks-pagination';
import { TrucksTable } from './trucks-table';

export interface TrucksBoardProps {
  organization: { id: string; name: string; slug: string };
  search: TrucksSearch;
}

/** The live trucks list: totals, the table, paging. Live change notices refresh it in place. */
export function TrucksBoard({ organization, search }: TrucksBoardProps) {
  const { data: page, isFetching } = useSuspenseQuery(trucksQueryOptions(organization.id, search));
  const [truckToDelete, setTruckToDelete] = useState<Truck | null>(null);
  const now = useNow();
  const navigate = useNavigate({ from: '/$orgSlug/trucks/' });
  const filtered = activeFilterCount(search) > 0;
  // Functional updates: a debounced search box may fire after another filter changed the URL.
  const changeFilters = useCallback(
    (changes: Partial<BoardFilters>) =>
      navigate({ search: (current) => withFilters(current as TrucksSearch, changes) }),
    [navigate],
  );
  const clearFilters = useCallback(
    () => navigate({ search: (current) => withoutFilters(current as TrucksSearch) }),
    [navigate],
  );

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            Trucks
            {isFetching ? <Spinner label="Refreshing" /> : null}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Available trucks of {organization.name}, updated live.
          </p>
        </div>
        <Button asChild>
          <Link to="/$orgSlug/trucks/post" params={{ orgSlug: organization.slug }}>
            <Plus aria-hidden />
            Post truck
          </Link>
        </Button>
      </header>

      <TruckTotals page={page} filtered={filtered} />

      <FilterBar
        organizationId={organization.id}
        controls={{ searchLabel: 'Truck name', status: true, direction: true, unitNumber: true }}
        value={search}
        onChange={changeFilters}
        onClear={clearFilters}
      />

      <Card className="overflow-hidden">
        {page.data.length ? (
          <TrucksTable
            trucks={page.data}
            search={search}
            orgSlug={organization.slug}
            now={now}
            onDelete={setTruckToDelete}
          />
        ) : (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-muted">
              <TruckIcon className="size-5 text-muted-foreground" aria-hidden />
            </span>
            {filtered && page.totalCount === 0 ? (
              <>
                <p className="font-medium">No trucks match these filters</p>
                <Button variant="outline" size="sm" onClick={clearFilters}>
                  Clear filters
                </Button>
              </>
            ) : search.page > 0 && page.totalCount > 0 ? (
              <>
                <p className="font-medium">This page is empty</p>
                <Button asChild variant="outline" size="sm">
                  <Link from="/$orgSlug/trucks/" to="." search={{ ...search, page: 0 }}>
                    Back to the first page
                  </Link>
                </Button>
              </>
            ) : (
              <>
                <p className="font-medium">No trucks posted yet</p>
                <p className="max-w-sm text-sm text-muted-foreground">
                  Post a truck and everyone in {organization.name} sees it here at once.
                </p>
              </>
            )}
          </div>
        )}
      </Card>

      <TrucksPagination page={page} search={search} />

      <DeleteTruckDialog
        truck={truckToDelete}
        organizationName={organization.name}
        onClose={() => setTruckToDelete(null)}
      />
    </div>
  );
}
