import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { AuthLayout } from '../../app/layouts/auth-layout';
import { useEnterApp } from '../../app/use-enter-app';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/_public/sign-up')({
  component: SignUpPage,
});

function SignUpPage() {
  const enterApp = useEnterApp();
  const navigate = useNavigate();
  useDocumentTitle('Create account');
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
      <SignUpForm
        onSignedUp={async () => {
          if (await enterApp()) return;
          // The server did not sign the new user in (e-mail verification required).
          toast.success('Account created. Check your e-mail, then sign in.');
          await navigate({ to: '/login' });
        }}
      />
    </AuthLayout>
  );
}
