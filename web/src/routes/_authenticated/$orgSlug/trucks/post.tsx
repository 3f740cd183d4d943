import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { PostingPage } from '../../../../components/board/posting-page';
import { Button } from '../../../../components/ui/button';
import { PostTruck } from '../../../../features/trucks/components/post-truck';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/trucks/post')({
  component: PostTruckPage,
});

function PostTruckPage() {
  const { organization } = Route.useRouteContext();
  const navigate = useNavigate();
  useDocumentTitle('Post truck', organization.name);
  const backToList = { to: '/$orgSlug/trucks', params: { orgSlug: organization.slug } } as const;
  return (
    <PostingPage
      title="Post truck"
      description="Put an available truck on the board for your whole organization."
    >
      <PostTruck
        organizationId={organization.id}
        onPosted={() => void navigate(backToList)}
        cancel={
          <Button asChild variant="ghost">
            <Link {...backToList}>Cancel</Link>
          </Button>
        }
      />
    </PostingPage>
  );
}
