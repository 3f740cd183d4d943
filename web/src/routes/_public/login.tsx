import { createFileRoute, Link } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthLayout } from '../../app/layouts/auth-layout';
import { useEnterApp } from '../../app/use-enter-app';
import { socialErrorMessage } from '../../features/auth/auth-errors';
import { LoginForm } from '../../features/auth/components/login-form';
import { SocialSignIn } from '../../features/auth/components/social-sign-in';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/_public/login')({
  validateSearch: z.object({
    redirect: z.string().optional().catch(undefined),
    /** Set by the service when a provider sign-in failed. */
    error: z.string().max(200).optional().catch(undefined),
  }),
  component: LoginPage,
});

function LoginPage() {
  const { redirect, error } = Route.useSearch();
  const enterApp = useEnterApp();
  useDocumentTitle('Sign in');
  return (
    <AuthLayout
      title="Sign in"
      description="Welcome back. Sign in to your dispatch board."
      footer={
        <>
          New here?{' '}
          <Link to="/sign-up" className="font-medium text-primary hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <LoginForm
          onSignedIn={async () => void (await enterApp(redirect))}
          initialFailure={error ? socialErrorMessage(error) : null}
        />
        <SocialSignIn />
      </div>
    </AuthLayout>
  );
}
