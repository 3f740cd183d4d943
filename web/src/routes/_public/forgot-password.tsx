import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthLayout } from '../../app/layouts/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/_public/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your email address and we will send you a link to choose a new one."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
