import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { SignUpForm } from '../../auth';
import { signUpForInvitation } from '../api/answer-invitation';
import { useInvitationLink } from '../api/get-invitation';

/**
 * A new person creates their account from the invitation. The verification mail's link signs them
 * in and brings them back to the invitation, where they join.
 */
export function InvitationSignUp({ invitationId }: { invitationId: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const link = useInvitationLink(invitationId);
  const back = `/accept-invitation/${invitationId}`;

  if (sentTo) {
    return (
      <div className="flex flex-col items-center gap-3 text-center" role="status">
        <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck className="size-5" aria-hidden />
        </span>
        <h2 className="text-base font-semibold">Check your email</h2>
        <p className="text-sm text-muted-foreground">
          We sent a link to <span className="font-medium text-foreground">{sentTo}</span>. Open it to confirm
          your address: it brings you back to this invitation to join.
        </p>
      </div>
    );
  }

  // The form starts with the invitation's address: it waits for the link's answer.
  if (link.isPending) return <Spinner label="Loading" />;
  const invited = link.data;
  const who = invited?.inviterName ?? 'Someone';
  return (
    <div className="flex flex-col gap-4">
      {invited?.organizationName ? (
        <p className="text-base font-medium">{`${who} invited you to join ${invited.organizationName}`}</p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Create your account with the email address the invitation was sent to.
      </p>
      <SignUpForm
        autoFocus={false}
        email={invited?.email ?? ''}
        submitLabel="Create account and continue"
        createAccount={async (values) => {
          await signUpForInvitation(invitationId, values);
          // The address is verified first: no session yet.
          return null;
        }}
        onSignedUp={(_session, values) => setSentTo(values.email)}
      />
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/login" search={{ redirect: back }} className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
