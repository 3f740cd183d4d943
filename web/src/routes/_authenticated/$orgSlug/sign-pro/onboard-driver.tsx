import { createFileRoute } from '@tanstack/react-router';
import { OnboardPage } from '../../../../features/sign-pro/components/onboard-page';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/sign-pro/onboard-driver')({
  component: OnboardDriverPage,
});

function OnboardDriverPage() {
  const { organization } = Route.useRouteContext();
  useDocumentTitle('Onboard driver', organization.name);
  return <OnboardPage type="driver" orgSlug={organization.slug} />;
}
