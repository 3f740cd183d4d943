import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { envelopesQueryOptions } from '../../../../features/sign-pro/api/get-envelopes';
import { EnvelopesBoard } from '../../../../features/sign-pro/components/envelopes-board';
import {
  defaultEnvelopesSearch,
  type EnvelopesSearch,
  envelopesRouteSearch,
} from '../../../../features/sign-pro/envelopes-search';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/sign-pro/drivers')({
  validateSearch: envelopesRouteSearch,
  search: { middlewares: [stripSearchParams(defaultEnvelopesSearch)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      envelopesQueryOptions(context.organization.id, { ...deps, type: 'driver' }),
    ),
  component: DriversPage,
});

function DriversPage() {
  const { organization } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('Drivers · Sign-pro', organization.name);
  const onSearch = useCallback(
    (update: (current: EnvelopesSearch) => EnvelopesSearch) => void navigate({ search: update }),
    [navigate],
  );
  return <EnvelopesBoard organization={organization} type="driver" search={search} onSearch={onSearch} />;
}
