import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { PostingPage } from '../../../../components/board/posting-page';
import { Button } from '../../../../components/ui/button';
import { PostingTimeline } from '../../../../features/history/components/posting-timeline';
import { loadQueryOptions } from '../../../../features/loads/api/get-load';
import { EditLoad } from '../../../../features/loads/components/edit-load';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/loads/edit/$id')({
  params: {
    parse: ({ id }) => ({ id: z.coerce.number().int().positive().parse(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(loadQueryOptions(context.organization.id, params.id)),
  component: EditLoadPage,
});

function EditLoadPage() {
  const { organization } = Route.useRouteContext();
  const { id } = Route.useParams();
  const navigate = useNavigate();
  useDocumentTitle('Edit load', organization.name);
  const backToList = { to: '/$orgSlug/loads', params: { orgSlug: organization.slug } } as const;
  return (
    <div className="flex flex-col gap-6">
      <PostingPage
        title="Edit load"
        description="Changes reach everyone watching the board as soon as you save."
      >
        <EditLoad
          organizationId={organization.id}
          loadId={id}
          onDone={() => void navigate(backToList)}
          cancel={
            <Button asChild variant="ghost">
              <Link {...backToList}>Cancel</Link>
            </Button>
          }
        />
      </PostingPage>
      <div className="mx-auto w-full max-w-4xl">
        <PostingTimeline kind="loads" organizationId={organization.id} id={id} />
      </div>
    </div>
  );
}
