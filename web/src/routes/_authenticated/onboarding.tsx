import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PlainLayout } from '../../app/layouts/plain-layout';
import { Card } from '../../components/ui/card';
import { CreateOrganizationForm } from '../../features/organizations/components/create-organization-form';
import { OrganizationPicker } from '../../features/organizations/components/organization-picker';
import { PendingInvitations } from '../../features/organizations/components/pending-invitations';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/onboarding')({
  component: OnboardingPage,
});

/** No active organization yet: accept an invitation, open one of the user's organizations, or create one. */
function OnboardingPage() {
  const navigate = useNavigate();
  useDocumentTitle('Create your organization');
  const open = (organization: { slug: string }) =>
    void navigate({ to: '/$orgSlug/overview', params: { orgSlug: organization.slug }, replace: true });

  return (
    <PlainLayout>
      <div className="mx-auto flex max-w-md flex-col gap-6">
        <PendingInvitations onJoined={(joined) => open(joined.organization)} />
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Create your organization</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Your dispatchers share one board of trucks inside an organization. You can invite them next.
          </p>
        </div>
        <Card className="p-6">
          <CreateOrganizationForm onCreated={open} />
        </Card>
        <OrganizationPicker onOpened={open} />
      </div>
    </PlainLayout>
  );
}
