import { canSeeMargin } from '@dispatch/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { useActiveMember } from '../../organizations';
import { type BoardKind, PostingBoard } from '../../postings';
import { loadsQueryOptions } from '../api/get-loads';
import type { LoadsSearch } from '../loads-search';
import { DeleteLoadDialog } from './delete-load-dialog';
import { LoadTotals } from './load-totals';
import { LoadsTable } from './loads-table';

const loadsKind: BoardKind = {
  path: '/$orgSlug/loads/',
  title: 'Loads',
  nouns: 'loads',
  post: { to: '/$orgSlug/loads/post', label: 'Post load' },
  icon: <Package className="size-5 text-muted-foreground" aria-hidden />,
  // The box finds a load by product, customer, or a city or state of its route.
  filterControls: { searchLabel: 'Loads', product: true, ranges: ['tripMiles', 'ratePerMile'] },
};

/** The same board with the margin's range, for those who see the margin. */
const loadsKindWithMargin: BoardKind = {
  ...loadsKind,
  filterControls: { ...loadsKind.filterControls, ranges: ['tripMiles', 'ratePerMile', 'margin'] },
};

export interface LoadsBoardProps {
  organization: { id: string; name: string; slug: string };
  search: LoadsSearch;
}

/** The live loads list: totals, the table, paging. Live change notices refresh it in place. */
export function LoadsBoard({ organization, search }: LoadsBoardProps) {
  const {
    data: page,
    isFetching,
    error,
    refetch,
  } = useSuspenseQuery(loadsQueryOptions(organization.id, search));
  // The margin's column and range for those the server answers it to (canSeeMargin).
  const { data: member } = useActiveMember(organization.id);
  const seesMargin = canSeeMargin(member?.role);
  return (
    <PostingBoard
      kind={seesMargin ? loadsKindWithMargin : loadsKind}
      organization={organization}
      search={search}
      page={page}
      refreshing={isFetching}
      refreshError={error}
      onRetry={() => void refetch()}
      description={`Freight waiting for a truck at ${organization.name}, updated live.`}
      invitation={`Post a load and everyone in ${organization.name} sees it here at once.`}
      totals={(filtered) => <LoadTotals page={page} filtered={filtered} />}
      table={(loads, now, onDelete) => (
        <LoadsTable
          loads={loads}
          search={search}
          orgSlug={organization.slug}
          now={now}
          onDelete={onDelete}
          showMargin={seesMargin}
        />
      )}
      deleteDialog={(load, onClose) => (
        <DeleteLoadDialog load={load} organizationName={organization.name} onClose={onClose} />
      )}
    />
  );
}
