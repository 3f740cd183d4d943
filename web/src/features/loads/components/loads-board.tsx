import type { Load } from '@dispatch/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Package, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useNow } from '../../../lib/use-now';
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
            {search.page > 0 && page.totalCount > 0 ? (
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
