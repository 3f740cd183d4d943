import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { InvitationAnswer } from './invitation-answer';
import { InvitationSignUp } from './invitation-sign-up';

const verificationErrors: Record<string, string> = {
  token_expired: 'The confirmation link has expired. Sign in to get a new one.',
  invalid_token: 'The confirmation link is not valid. Sign in to get a new one.',
};

/**
 * Where an invitation mail's link lands. A signed-in invitee answers at once; anyone else signs up
 * (or signs in) first and comes back here.
 */
export function AcceptInvitationPage({ invitationId, error }: { invitationId: string; error?: string }) {
  const session = useSession();
  if (session.isPending) return <Spinner label="Loading" />;
  return (
    <div className="flex flex-col gap-4">
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {verificationErrors[error] ?? 'The confirmation link could not be used. Sign in to get a new one.'}
        </p>
      ) : null}
      {session.data ? (
        <InvitationAnswer invitationId={invitationId} email={session.data.user.email} />
      ) : (
        <InvitationSignUp invitationId={invitationId} />
      )}
    </div>
  );
}
