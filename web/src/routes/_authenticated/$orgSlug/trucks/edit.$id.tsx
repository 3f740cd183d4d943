import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { PostingPage } from '../../../../components/board/posting-page';
import { Button } from '../../../../components/ui/button';
import { PostingTimeline } from '../../../../features/history/components/posting-timeline';
import { truckQueryOptions } from '../../../../features/trucks/api/get-truck';
import { EditTruck } from '../../../../features/trucks/components/edit-truck';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/trucks/edit/$id')({
  params: {
    parse: ({ id }) => ({ id: z.coerce.number().int().positive().parse(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(truckQueryOptions(context.organization.id, params.id)),
  component: EditTruckPage,
});

function EditTruckPage() {
  const { organization } = Route.useRouteContext();
  const { id } = Route.useParams();
  const navigate = useNavigate();
  useDocumentTitle('Edit truck', organization.name);
  const backToList = { to: '/$orgSlug/trucks', params: { orgSlug: organization.slug } } as const;
  return (
    <PostingPage
      title="Edit truck"
      description="Changes reach everyone watching the board as soon as you save."
      after={<PostingTimeline kind="trucks" organizationId={organization.id} id={id} />}
    >
      <EditTruck
        organizationId={organization.id}
        truckId={id}
        onDone={() => void navigate(backToList)}
        cancel={
          <Button asChild variant="ghost">
            <Link {...backToList}>Cancel</Link>
          </Button>
        }
      />
    </PostingPage>
  );
}
