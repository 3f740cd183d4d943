import { createFileRoute } from '@tanstack/react-router';
import { SigningPage } from '../features/sign-pro/components/signing/signing-page';

/**
 * The signing link of an envelope mail or SMS. It sits outside the public and signed-in groups: the
 * receiver has no account, and someone signed in opening it is not sent anywhere else.
 */
export const Route = createFileRoute('/sign/$token')({
  component: SignRoute,
});

function SignRoute() {
  const { token } = Route.useParams();
  return <SigningPage token={token} />;
}
