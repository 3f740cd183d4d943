import { createFileRoute } from '@tanstack/react-router';
import { SystemCheckPage } from '../../../features/system-check/components/system-check-page';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The system check: anyone in the organization may run it. */
export const Route = createFileRoute('/_authenticated/$orgSlug/testing')({
  component: TestingPage,
});

function TestingPage() {
  const { organization } = Route.useRouteContext();
  useDocumentTitle('System check', organization.name);
  return <SystemCheckPage />;
}
