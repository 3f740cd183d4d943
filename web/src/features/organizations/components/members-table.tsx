import {
  type ActiveMemberView,
  type MemberRole,
  type MemberView,
  memberRoleLabels,
  memberRoles,
} from '@dispatch/domain';
import { UserMinus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { useDates } from '../../../lib/organization-dates';
import { useUpdateMemberRole } from '../api/member-commands';
import { formatDay } from '../format';
import type { MembersSearch } from '../members-search';
import { SortLink } from './list-controls';
import { MemberPhone } from './member-phone';

/** What the viewer may do to a member: only an owner touches owners (docs/rules.md#roles-and-permissions, as the server rules). */
export function memberActions(viewer: ActiveMemberView, member: MemberView) {
  const self = viewer.id === member.id;
  const mayChange = viewer.permissions.member.includes('update');
  const mayRemove = viewer.permissions.member.includes('delete');
  const ownerRules = viewer.role === 'owner' || member.role !== 'owner';
  const roles: MemberRole[] =
    viewer.role === 'owner' ? [...memberRoles] : memberRoles.filter((role) => role !== 'owner');
  return {
    canChangeRole: mayChange && ownerRules && !self,
    canRemove: mayRemove && ownerRules && !self,
    roles,
  };
}

function RoleCell({ viewer, member }: { viewer: ActiveMemberView; member: MemberView }) {
  const updateRole = useUpdateMemberRole();
  const { canChangeRole, roles } = memberActions(viewer, member);
  if (!canChangeRole) return <span className="text-sm">{memberRoleLabels[member.role]}</span>;
  return (
    <Select
      aria-label={`Role of ${member.user.name}`}
      value={member.role}
      disabled={updateRole.isPending}
      className="h-8 w-32 text-xs"
      onChange={(event) => {
        const role = event.target.value as MemberRole;
        updateRole.mutate(
          { memberId: member.id, role },
          {
            onSuccess: () => toast.success(`${member.user.name} is now ${memberRoleLabels[role]}`),
            onError: (error) => toast.error(error.message),
          },
        );
      }}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {memberRoleLabels[role]}
        </option>
      ))}
    </Select>
  );
}

export function MembersTable({
  members,
  viewer,
  search,
  onRemove,
}: {
  members: MemberView[];
  viewer: ActiveMemberView;
  search: MembersSearch;
  onRemove: (member: MemberView) => void;
}) {
  const { timeZone } = useDates();
  return (
    <ListTable
      caption="Members"
      columns={[
        { name: 'Name' },
        { name: 'Email' },
        { name: 'Phone', className: 'hidden md:table-cell' },
        { name: 'Role' },
        {
          name: 'Joined',
          sort: search.sort === 'asc' ? 'ascending' : 'descending',
          head: (
            <SortLink
              label="Joined"
              sort={search.sort}
              search={{ ...search, sort: search.sort === 'asc' ? 'desc' : 'asc', page: 1 }}
            />
          ),
        },
        { name: 'Actions', srOnly: true },
      ]}
    >
      {members.map((member) => {
        const { canRemove } = memberActions(viewer, member);
        return (
          <TableRow key={member.id} data-testid="member-row">
            <TableCell className="font-medium">
              {member.user.name}
              {member.id === viewer.id ? (
                <span className="ml-1.5 text-xs text-muted-foreground">(you)</span>
              ) : null}
            </TableCell>
            <TableCell className="text-muted-foreground">{member.user.email}</TableCell>
            <TableCell className="hidden text-muted-foreground md:table-cell">
              <MemberPhone phone={member.user.phoneNumber} />
            </TableCell>
            <TableCell>
              <RoleCell viewer={viewer} member={member} />
            </TableCell>
            <TableCell className="text-muted-foreground tabular-nums">
              {formatDay(member.createdAt, timeZone)}
            </TableCell>
            <TableCell className="text-right">
              {canRemove ? (
                <Button variant="ghost" size="sm" onClick={() => onRemove(member)}>
                  <UserMinus aria-hidden />
                  Remove
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}
