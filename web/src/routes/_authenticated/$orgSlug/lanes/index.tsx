import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { laneSearchQueryOptions } from '../../../../features/lanes/api/get-lanes';
import { LaneSearchPage } from '../../../../features/lanes/components/lane-search-page';
import { activeLaneSearch, defaultLaneSearch, laneRouteSearch } from '../../../../features/lanes/lane-search';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/lanes/')({
  validateSearch: laneRouteSearch,
  search: { middlewares: [stripSearchParams(defaultLaneSearch)] },
  loaderDeps: ({ search }) => search,
  // A refused search (400) is shown on the page, beside the form: prefetching never throws.
  loader: ({ context, deps }) => {
    const search = activeLaneSearch(deps);
    return search
      ? context.queryClient.prefetchQuery(laneSearchQueryOptions(context.organization.id, search))
      : undefined;
  },
  component: LanesPage,
});

function LanesPage() {
  const { organization } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('Lane search', organization.name);
  return (
    <LaneSearchPage
      organization={organization}
      search={search}
      onNavigate={(next) => void navigate({ search: next })}
    />
  );
}
