import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadsQueryOptions } from '../../../../features/loads/api/get-loads';
import { LoadsBoard } from '../../../../features/loads/components/loads-board';
import { defaultLoadsSearch, loadsSearchSchema } from '../../../../features/loads/loads-search';
import { InterruptibleFirstRender } from '../../../../lib/interruptible-first-render';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/loads/')({
  validateSearch: loadsSearchSchema,
  search: { middlewares: [stripSearchParams(defaultLoadsSearch)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(loadsQueryOptions(context.organization.id, deps)),
  component: LoadsPage,
});

function LoadsPage() {
  const { organization } = Route.useRouteContext();
  const search = Route.useSearch();
  useDocumentTitle('Loads', organization.name);
  return (
    <InterruptibleFirstRender>
      <LoadsBoard organization={organization} search={search} />
    </InterruptibleFirstRender>
  );
}
