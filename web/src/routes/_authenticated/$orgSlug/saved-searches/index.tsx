import { createFileRoute } from '@tanstack/react-router';
import { savedSearchesQueryOptions } from '../../../../features/saved-searches/api/get-saved-searches';
import { SavedSearchesPage } from '../../../../features/saved-searches/components/saved-searches-page';
import { useDocumentTitle } from '../../../../lib/use-document-title';

/** The signed-in user's saved searches: any member keeps their own. */
export const Route = createFileRoute('/_authenticated/$orgSlug/saved-searches/')({
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(savedSearchesQueryOptions(context.organization.id)),
  component: SavedSearchesRoute,
});

function SavedSearchesRoute() {
  const { organization } = Route.useRouteContext();
  useDocumentTitle('Saved searches', organization.name);
  return <SavedSearchesPage organization={organization} />;
}
