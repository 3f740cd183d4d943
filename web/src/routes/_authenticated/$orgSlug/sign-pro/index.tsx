import { createFileRoute } from '@tanstack/react-router';
import { SignProOverview } from '../../../../features/sign-pro/components/sign-pro-overview';
import { InterruptibleFirstRender } from '../../../../lib/interruptible-first-render';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/sign-pro/')({
  component: SignProPage,
});

function SignProPage() {
  const { organization } = Route.useRouteContext();
  useDocumentTitle('Sign-pro', organization.name);
  return (
    <InterruptibleFirstRender>
      <SignProOverview organization={organization} />
    </InterruptibleFirstRender>
  );
}
