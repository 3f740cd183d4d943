import { type ActiveMemberView, type InvitationView, memberRoleLabels } from '@dispatch/domain';
import { RotateCw, X } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { useDates } from '../../../lib/organization-dates';
import { useCancelInvitation, useResendInvitation } from '../api/member-commands';
import { formatDay, isExpired } from '../format';
import type { MembersSearch } from '../members-search';
import { SortLink } from './list-controls';

const statusLabels = {
  pending: 'Pending',
  accepted: 'Accepted',
  canceled: 'Canceled',
  rejected: 'Rejected',
  expired: 'Expired',
} as const;

function StatusBadge({ invitation, now }: { invitation: InvitationView; now: Date }) {
  const status = isExpired(invitation, now) ? 'expired' : invitation.status;
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
        status === 'pending' && 'bg-amber-500/15 text-amber-800 dark:text-amber-400',
        status === 'accepted' && 'bg-success/15 text-success',
        (status === 'canceled' || status === 'rejected' || status === 'expired') &&
          'bg-muted text-muted-foreground',
      )}
    >
      {statusLabels[status]}
    </span>
  );
}

function InvitationActions({ invitation, viewer }: { invitation: InvitationView; viewer: ActiveMemberView }) {
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  if (invitation.status !== 'pending') return null;
  const mayResend =
    viewer.permissions.invitation.includes('create') &&
    (invitation.role !== 'owner' || viewer.role === 'owner');
  const mayCancel = viewer.permissions.invitation.includes('cancel');
  return (
    <div className="flex justify-end gap-1">
      {mayResend ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={resend.isPending}
          aria-label={`Resend the invitation to ${invitation.email}`}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: (result) =>
                result.emailSent
                  ? toast.success(`Invitation sent again to ${invitation.email}`)
                  : toast.warning(
                      'The invitation is renewed, but the e-mail could not be sent. Try again later.',
                    ),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          <RotateCw aria-hidden />
          Resend
        </Button>
      ) : null}
      {mayCancel ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={cancel.isPending}
          aria-label={`Cancel the invitation to ${invitation.email}`}
          onClick={() =>
            cancel.mutate(invitation.id, {
              onSuccess: () => toast.success(`The invitation to ${invitation.email} is canceled`),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          <X aria-hidden />
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

export function InvitationsTable({
  invitations,
  viewer,
  search,
  now,
}: {
  invitations: InvitationView[];
  viewer: ActiveMemberView;
  search: MembersSearch;
  now: Date;
}) {
  const { timeZone } = useDates();
  return (
    <ListTable
      caption="Invitations"
      columns={[
        { name: 'Email' },
        { name: 'Role' },
        { name: 'Status' },
        { name: 'Invited by', className: 'hidden md:table-cell' },
        {
          name: 'Sent',
          sort: search.iSort === 'asc' ? 'ascending' : 'descending',
          head: (
            <SortLink
              label="Sent"
              sort={search.iSort}
              search={{ ...search, iSort: search.iSort === 'asc' ? 'desc' : 'asc', iPage: 1 }}
            />
          ),
        },
        { name: 'Expires', className: 'hidden md:table-cell' },
        { name: 'Actions', srOnly: true },
      ]}
    >
      {invitations.map((invitation) => (
        <TableRow key={invitation.id} data-testid="invitation-row">
          <TableCell className="font-medium">{invitation.email}</TableCell>
          <TableCell>{memberRoleLabels[invitation.role]}</TableCell>
          <TableCell>
            <StatusBadge invitation={invitation} now={now} />
          </TableCell>
          <TableCell className="hidden text-muted-foreground md:table-cell">
            {invitation.inviterName ?? invitation.inviterEmail ?? '—'}
          </TableCell>
          <TableCell className="text-muted-foreground tabular-nums">
            {formatDay(invitation.createdAt, timeZone)}
          </TableCell>
          <TableCell className="hidden text-muted-foreground tabular-nums md:table-cell">
            {formatDay(invitation.expiresAt, timeZone)}
          </TableCell>
          <TableCell>
            <InvitationActions invitation={invitation} viewer={viewer} />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
