import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { PostingPage } from '../../../../components/board/posting-page';
import { Button } from '../../../../components/ui/button';
import { PostLoad } from '../../../../features/loads/components/post-load';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/loads/post')({
  component: PostLoadPage,
});

function PostLoadPage() {
  const { organization } = Route.useRouteContext();
  const navigate = useNavigate();
  useDocumentTitle('Post load', organization.name);
  const backToList = { to: '/$orgSlug/loads', params: { orgSlug: organization.slug } } as const;
  return (
    <PostingPage title="Post load" description="Put freight on the board for your whole organization.">
      <PostLoad
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
