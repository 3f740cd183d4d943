import { useSuspenseQuery } from '@tanstack/react-query';
import { Truck as TruckIcon } from 'lucide-react';
import { type BoardKind, PostingBoard } from '../../postings';
import { trucksQueryOptions } from '../api/get-trucks';
import type { TrucksSearch } from '../trucks-search';
import { DeleteTruckDialog } from './delete-truck-dialog';
import { TruckTotals } from './truck-totals';
import { TrucksTable } from './trucks-table';

const trucksKind: BoardKind = {
  path: '/$orgSlug/trucks/',
  title: 'Trucks',
  nouns: 'trucks',
  post: { to: '/$orgSlug/trucks/post', label: 'Post truck' },
  icon: <TruckIcon className="size-5 text-muted-foreground" aria-hidden />,
  // The box finds a truck by name, unit number, company, city or state (docs/decisions.md#trucks-and-loads).
  filterControls: { searchLabel: 'Trucks', status: true, direction: true, unitNumber: true },
};

export interface TrucksBoardProps {
  organization: { id: string; name: string; slug: string };
  search: TrucksSearch;
}

/** The live trucks list: totals, the table, paging. Live change notices refresh it in place. */
export function TrucksBoard({ organization, search }: TrucksBoardProps) {
  const {
    data: page,
    isFetching,
    error,
    refetch,
  } = useSuspenseQuery(trucksQueryOptions(organization.id, search));
  return (
    <PostingBoard
      kind={trucksKind}
      organization={organization}
      search={search}
      page={page}
      refreshing={isFetching}
      refreshError={error}
      onRetry={() => void refetch()}
      description={`Available trucks of ${organization.name}, updated live.`}
      invitation={`Post a truck and everyone in ${organization.name} sees it here at once.`}
      totals={(filtered) => <TruckTotals page={page} filtered={filtered} />}
      table={(trucks, now, onDelete) => (
        <TrucksTable
          trucks={trucks}
          search={search}
          orgSlug={organization.slug}
          now={now}
          onDelete={onDelete}
        />
      )}
      deleteDialog={(truck, onClose) => (
        <DeleteTruckDialog truck={truck} organizationName={organization.name} onClose={onClose} />
      )}
    />
  );
}
