import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthLayout } from '../app/layouts/auth-layout';
import { AcceptInvitationPage } from '../features/organizations/components/accept-invitation-page';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * The link of an invitation mail. It sits outside the public and signed-in groups: a visitor signs
 * up here, a signed-in user answers here, whatever organization they are in.
 */
export const Route = createFileRoute('/accept-invitation/$invitationId')({
  validateSearch: z.object({ error: z.string().max(50).optional().catch(undefined) }),
  component: AcceptInvitationRoute,
});

function AcceptInvitationRoute() {
  const { invitationId } = Route.useParams();
  const { error } = Route.useSearch();
  useDocumentTitle('Invitation');
  return (
    <AuthLayout title="You are invited" description="Join your team's organization.">
      <AcceptInvitationPage invitationId={invitationId} error={error} />
    </AuthLayout>
  );
}
