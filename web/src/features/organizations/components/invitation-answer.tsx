import { type InvitationView, memberRoleLabels } from '@dispatch/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { Ban, Clock, MailX, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { QueryError } from '../../../components/errors/query-error';
import { BusyButton, Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAcceptInvitation, useRejectInvitation } from '../api/answer-invitation';
import { useInvitation } from '../api/get-invitation';
import { isExpired } from '../format';

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 text-center" role="status">
      <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {icon}
      </span>
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">{children}</div>
    </div>
  );
}

const inviterOf = (invitation: InvitationView) =>
  invitation.inviterName ?? invitation.inviterEmail ?? 'The organization';

function HomeLink() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/onboarding">Continue</Link>
    </Button>
  );
}

/** A signed-in user answers the invitation: accept, decline, or learn plainly why they cannot. */
export function InvitationAnswer({ invitationId, email }: { invitationId: string; email: string }) {
  const navigate = useNavigate();
  const invitation = useInvitation(invitationId, true);
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();

  if (invitation.isPending) return <Spinner label="Loading the invitation" />;
  if (invitation.isError)
    return (
      <QueryError
        error={invitation.error}
        title="Something went wrong"
        onRetry={() => void invitation.refetch()}
        retrying={invitation.isFetching}
      />
    );
  const found = invitation.data;
  if (!found) {
    return (
      <Notice icon={<MailX className="size-5" aria-hidden />} title="This invitation is not for this account">
        <p>
          There is no invitation here for <span className="font-medium text-foreground">{email}</span>. It may
          have been sent to another address: sign out and use that one.
        </p>
        <HomeLink />
      </Notice>
    );
  }
  const who = inviterOf(found);
  const organization = found.organizationName ?? 'the organization';
  if (found.status === 'canceled') {
    return (
      <Notice icon={<Ban className="size-5" aria-hidden />} title="This invitation was canceled">
        <p>
          Ask {who} for a new one if you still want to join {organization}.
        </p>
        <HomeLink />
      </Notice>
    );
  }
  if (found.status === 'rejected') {
    return (
      <Notice icon={<Ban className="size-5" aria-hidden />} title="You rejected this invitation">
        <p>Ask {who} for a new one if you changed your mind.</p>
        <HomeLink />
      </Notice>
    );
  }
  if (found.status === 'accepted') {
    return (
      <Notice
        icon={<UsersRound className="size-5" aria-hidden />}
        title="This invitation was already accepted"
      >
        <p>You are a member of {organization}.</p>
        <HomeLink />
      </Notice>
    );
  }
  if (isExpired(found)) {
    return (
      <Notice icon={<Clock className="size-5" aria-hidden />} title="This invitation has expired">
        <p>
          Invitations are valid for 48 hours. Ask {who}
          {found.inviterEmail ? ` (${found.inviterEmail})` : ''} to send it again.
        </p>
        <HomeLink />
      </Notice>
    );
  }

  const onAccept = () =>
    accept.mutate(invitationId, {
      onSuccess: (joined) => {
        toast.success(`Welcome to ${joined.organization.name}`);
        void navigate({
          to: '/$orgSlug/overview',
          params: { orgSlug: joined.organization.slug },
          replace: true,
        });
      },
      onError: (error) => toast.error(error.message),
    });
  const onReject = () =>
    reject.mutate(invitationId, {
      onSuccess: () => {
        toast.success('Invitation rejected');
        void navigate({ to: '/onboarding', replace: true });
      },
      onError: (error) => toast.error(error.message),
    });

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
        <UsersRound className="size-5" aria-hidden />
      </span>
      <div className="flex flex-col gap-1.5">
        <h2 className="text-base font-semibold">Join {organization}</h2>
        <p className="text-sm text-muted-foreground">
          {who} invited you to join {organization} as {memberRoleLabels[found.role]}.
        </p>
      </div>
      <div className="flex w-full flex-col gap-2">
        <BusyButton
          size="lg"
          onClick={onAccept}
          disabled={accept.isPending || reject.isPending}
          pending={accept.isPending}
        >
          Accept invitation
        </BusyButton>
        <Button variant="ghost" onClick={onReject} disabled={accept.isPending || reject.isPending}>
          Decline
        </Button>
      </div>
    </div>
  );
}
