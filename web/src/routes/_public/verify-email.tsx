import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthLayout } from '../../app/layouts/auth-layout';
import { useEnterApp } from '../../app/use-enter-app';
import { VerifyEmailStatus } from '../../features/auth/components/verify-email-status';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/_public/verify-email')({
  validateSearch: z.object({
    token: z.string().min(1).max(2000).optional().catch(undefined),
    error: z.string().max(200).optional().catch(undefined),
    verified: z.boolean().optional().catch(undefined),
  }),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const search = Route.useSearch();
  const enterApp = useEnterApp();
  useDocumentTitle('Verify email');
  return (
    <AuthLayout title="Verify your email" description="One click on the mailed link confirms your address.">
      <VerifyEmailStatus search={search} onSignedIn={() => void enterApp()} />
    </AuthLayout>
  );
}
