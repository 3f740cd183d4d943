import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthLayout } from '../../app/layouts/auth-layout';
import { useEnterApp } from '../../app/use-enter-app';
import { CheckEmail } from '../../features/auth/components/check-email';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { SocialSignIn } from '../../features/auth/components/social-sign-in';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/_public/sign-up')({
  component: SignUpPage,
});

function SignUpPage() {
  const enterApp = useEnterApp();
  const [awaitingVerification, setAwaitingVerification] = useState<string | null>(null);
  useDocumentTitle(awaitingVerification ? 'Check your email' : 'Create account');
  return (
    <AuthLayout
      title="Create your account"
      description="Post trucks and watch your board update live."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      {awaitingVerification ? (
        <CheckEmail email={awaitingVerification} />
      ) : (
        <div className="flex flex-col gap-5">
          <SignUpForm
            onSignedUp={async (session, values) => {
              // Without a session the service waits for the address to be verified.
              if (session && (await enterApp())) return;
              setAwaitingVerification(values.email);
            }}
          />
          <SocialSignIn />
        </div>
      )}
    </AuthLayout>
  );
}
