import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/errors/query-error';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { PageButtons } from './page-buttons';

/**
 * A platform list page: its heading with the controls beside it, the list in a card (or why it
 * could not load), and previous and next below.
 */
export function AdminList<T>({
  title,
  controls,
  query,
  errorTitle,
  loadingLabel,
  page,
  limit,
  counts,
  onPage,
  children,
}: {
  title: string;
  controls: ReactNode;
  query: UseQueryResult<T>;
  errorTitle: string;
  loadingLabel: string;
  page: number;
  limit: number;
  /** How many there are in all, and how many this page shows. */
  counts: (data: T) => { total: number; shown: number };
  onPage: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          {title}
          {query.isFetching ? <Spinner label="Refreshing" /> : null}
        </h1>
        {controls}
      </div>
      <Card className="overflow-hidden">
        {query.isError ? (
          <QueryError
            error={query.error}
            title={errorTitle}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            className="py-12"
          />
        ) : query.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label={loadingLabel} />
          </div>
        ) : (
          children(query.data)
        )}
      </Card>
      {query.data ? (
        <PageButtons
          label={`${title} pagination`}
          page={page}
          limit={limit}
          {...counts(query.data)}
          onPage={onPage}
        />
      ) : null}
    </div>
  );
}
