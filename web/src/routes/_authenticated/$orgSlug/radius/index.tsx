import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { radiusSearchQueryOptions } from '../../../../features/radius/api/get-radius-search';
import { RadiusSearchPage } from '../../../../features/radius/components/radius-search-page';
import {
  activeRadiusSearch,
  defaultRadiusSearch,
  radiusRouteSearch,
} from '../../../../features/radius/radius-search';
import { InterruptibleFirstRender } from '../../../../lib/interruptible-first-render';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/radius/')({
  validateSearch: radiusRouteSearch,
  search: { middlewares: [stripSearchParams(defaultRadiusSearch)] },
  // A link whose state, city or radius is missing or invalid opens the empty form at the plain address.
  beforeLoad: ({ search, location, params }) => {
    if (location.searchStr && !activeRadiusSearch(search)) {
      throw redirect({ to: '/$orgSlug/radius', params, replace: true });
    }
  },
  loaderDeps: ({ search }) => search,
  // A refused search (400) is shown on the page, beside the form: prefetching never throws.
  loader: ({ context, deps }) => {
    const search = activeRadiusSearch(deps);
    return search
      ? context.queryClient.prefetchQuery(radiusSearchQueryOptions(context.organization.id, search))
      : undefined;
  },
  component: RadiusPage,
});

function RadiusPage() {
  const { organization } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('Radius search', organization.name);
  return (
    <InterruptibleFirstRender>
      <RadiusSearchPage
        organization={organization}
        search={search}
        onNavigate={(next) => void navigate({ search: next })}
      />
    </InterruptibleFirstRender>
  );
}
