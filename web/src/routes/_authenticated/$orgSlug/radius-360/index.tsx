import { createFileRoute, redirect } from '@tanstack/react-router';
import { radiusSearchQueryOptions } from '../../../../features/radius/api/get-radius-search';
import { Radius360Page } from '../../../../features/radius/components/radius-360/radius-360-page';
import {
  activeRadius360Search,
  radius360Queries,
  radius360RouteSearch,
} from '../../../../features/radius/radius-search';
import { useDocumentTitle } from '../../../../lib/use-document-title';

/** Radius 360: one city's surroundings all around, trucks and loads together on a map. */
export const Route = createFileRoute('/_authenticated/$orgSlug/radius-360/')({
  validateSearch: radius360RouteSearch,
  // As the radius search: without a valid state, city and radius, the plain address and the empty form.
  beforeLoad: ({ search, location, params }) => {
    if (location.searchStr && !activeRadius360Search(search)) {
      throw redirect({ to: '/$orgSlug/radius-360', params, replace: true });
    }
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const search = activeRadius360Search(deps);
    if (!search) return;
    const all = radius360Queries(search);
    const listed = radius360Queries(search, search.direction);
    const prefetch = (query: (typeof all)['trucks']) =>
      context.queryClient.prefetchQuery(radiusSearchQueryOptions(context.organization.id, query));
    await Promise.all([all.trucks, all.loads, listed.trucks, listed.loads].map(prefetch));
  },
  component: Radius360Route,
});

function Radius360Route() {
  const { organization } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('Radius 360', organization.name);
  return (
    <Radius360Page
      organization={organization}
      search={search}
      onNavigate={(next) => void navigate({ search: next })}
    />
  );
}
