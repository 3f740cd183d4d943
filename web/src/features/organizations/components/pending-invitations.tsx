import { memberRoleLabels } from '@dispatch/domain';
import { MailOpen } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { type AcceptedInvitation, useAcceptInvitation, useRejectInvitation } from '../api/answer-invitation';
import { useUserInvitations } from '../api/get-user-invitations';
import { isExpired } from '../format';

/** On onboarding: open invitations addressed to the user, to accept instead of creating an organization. */
export function PendingInvitations({ onJoined }: { onJoined: (joined: AcceptedInvitation) => void }) {
  const invitations = useUserInvitations();
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();
  const open = (invitations.data?.data ?? []).filter((invitation) => !isExpired(invitation));
  if (!open.length) return null;
  const busy = accept.isPending || reject.isPending;

  return (
    <section aria-labelledby="pending-invitations" className="flex flex-col gap-2">
      <h2 id="pending-invitations" className="text-sm font-medium text-muted-foreground">
        You are invited
      </h2>
      <Card className="divide-y divide-border">
        {open.map((invitation) => (
          <div
            key={invitation.id}
            className="flex flex-wrap items-center gap-3 px-4 py-3"
            data-testid="pending-invitation"
          >
            <MailOpen className="size-4 text-muted-foreground" aria-hidden />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium">{invitation.organizationName ?? 'An organization'}</p>
              <p className="text-muted-foreground">
                {invitation.inviterName ?? invitation.inviterEmail ?? 'Someone'} invited you as{' '}
                {memberRoleLabels[invitation.role]}
              </p>
            </div>
            <Button
              size="sm"
              disabled={busy}
              onClick={() =>
                accept.mutate(invitation.id, {
                  onSuccess: (joined) => {
                    toast.success(`Welcome to ${joined.organization.name}`);
                    onJoined(joined);
                  },
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              {accept.isPending && accept.variables === invitation.id ? (
                <Spinner decorative className="text-primary-foreground" />
              ) : null}
              Accept
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() =>
                reject.mutate(invitation.id, {
                  onSuccess: () => toast.success('Invitation rejected'),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              Decline
            </Button>
          </div>
        ))}
      </Card>
    </section>
  );
}
