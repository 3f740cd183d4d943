import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { AuthLayout } from '../../app/layouts/auth-layout';
import { buttonClassName } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { INVALID_RESET_LINK } from '../../features/auth/auth-errors';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/_public/reset-password')({
  validateSearch: z.object({
    token: z.string().min(1).max(500).optional().catch(undefined),
    /** INVALID_TOKEN when the mailed link was missing, used or expired. */
    error: z.string().max(200).optional().catch(undefined),
  }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token, error } = Route.useSearch();
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token && !error ? 'form' : 'invalid');
  useDocumentTitle('Reset password');

  return (
    <AuthLayout
      title="Choose a new password"
      description="Your new password replaces the old one at once."
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      }
    >
      {state === 'form' && token ? (
        <ResetPasswordForm
          token={token}
          onReset={() => setState('done')}
          onInvalidToken={() => setState('invalid')}
        />
      ) : state === 'done' ? (
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <p className="text-sm">Your password has been changed. Sign in with your new password.</p>
          <Link to="/login" className={buttonClassName('primary', 'lg')}>
            Sign in
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <FormAlert message={INVALID_RESET_LINK} />
          {error ? (
            <p className="text-xs text-muted-foreground">
              Error code: <code>{error}</code>
            </p>
          ) : null}
          <Link to="/forgot-password" className={buttonClassName('primary', 'lg')}>
            Request a new link
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
