import { createFileRoute } from '@tanstack/react-router';
import { OnboardPage } from '../../../../features/sign-pro/components/onboard-page';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/sign-pro/onboard-client')({
  component: OnboardClientPage,
});

function OnboardClientPage() {
  const { organization } = Route.useRouteContext();
  useDocumentTitle('Onboard client', organization.name);
  return <OnboardPage type="client" orgSlug={organization.slug} />;
}
