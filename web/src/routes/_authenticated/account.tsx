import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PlainLayout } from '../../app/layouts/plain-layout';
import { AccountPage } from '../../features/account/components/account-page';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The account page, open to every signed-in user (with or without an organization). */
export const Route = createFileRoute('/_authenticated/account')({
  validateSearch: z.object({
    /** Set by the service when a mailed link or a provider link that returns here failed. */
    error: z.string().max(200).optional().catch(undefined),
  }),
  component: AccountRoute,
});

function AccountRoute() {
  const { viewer } = Route.useRouteContext();
  const { error } = Route.useSearch();
  useDocumentTitle('Account');
  return (
    <PlainLayout heading="Account">
      <AccountPage viewer={viewer.guard} error={error} />
    </PlainLayout>
  );
}
