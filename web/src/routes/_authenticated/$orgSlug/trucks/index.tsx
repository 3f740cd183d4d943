import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { trucksQueryOptions } from '../../../../features/trucks/api/get-trucks';
import { TrucksBoard } from '../../../../features/trucks/components/trucks-board';
import { defaultTrucksSearch, trucksRouteSearch } from '../../../../features/trucks/trucks-search';
import { InterruptibleFirstRender } from '../../../../lib/interruptible-first-render';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/trucks/')({
  validateSearch: trucksRouteSearch,
  search: { middlewares: [stripSearchParams(defaultTrucksSearch)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(trucksQueryOptions(context.organization.id, deps)),
  component: TrucksPage,
});

function TrucksPage() {
  const { organization } = Route.useRouteContext();
  const search = Route.useSearch();
  useDocumentTitle('Trucks', organization.name);
  return (
    <InterruptibleFirstRender>
      <TrucksBoard organization={organization} search={search} />
    </InterruptibleFirstRender>
  );
}
