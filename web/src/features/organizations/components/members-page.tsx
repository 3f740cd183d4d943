import { invitationStatuses, type MemberView, memberRoleLabels, memberRoles } from '@dispatch/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { type ComponentProps, type ReactNode, useCallback, useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useNow } from '../../../lib/use-now';
import { activeMemberQueryOptions } from '../api/get-active-member';
import { membersQueryOptions } from '../api/get-members';
import { organizationInvitationsQueryOptions } from '../api/get-organization-invitations';
import { guardNotices, noticeRedirect } from '../guard-notices';
import { canManageMembers, invitationsParams, type MembersSearch, membersParams } from '../members-search';
import { InvitationsTable } from './invitations-table';
import { InviteMemberDialog } from './invite-member-dialog';
import { FilterChips, ListPagination, SearchBox } from './list-controls';
import { MembersTable } from './members-table';
import { RemoveMemberDialog } from './remove-member-dialog';

const roleOptions = memberRoles.map((role) => ({ value: role, label: memberRoleLabels[role] }));
const statusOptions = invitationStatuses.map((status) => ({
  value: status,
  label: { accepted: 'Accepted', canceled: 'Canceled', pending: 'Pending', rejected: 'Rejected' }[status],
}));

/** One list of the page: its heading with its filter and search, the list in a card, and its pages. */
function ListSection<T extends string>({
  id,
  title,
  filter,
  searchBox,
  pagination,
  children,
}: {
  id: string;
  title: string;
  filter: ComponentProps<typeof FilterChips<T>>;
  searchBox: ComponentProps<typeof SearchBox>;
  pagination: ComponentProps<typeof ListPagination>;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <FilterChips {...filter} />
          <SearchBox {...searchBox} />
        </div>
      </div>
      <Card className="overflow-hidden">{children}</Card>
      <ListPagination {...pagination} />
    </section>
  );
}

export interface MembersPageProps {
  organization: { id: string; name: string; slug: string };
  search: MembersSearch;
}

/** The members and invitations of the organization, for its admins and owners; updated live. */
export function MembersPage({ organization, search }: MembersPageProps) {
  const navigate = useNavigate({ from: '/$orgSlug/members/' });
  const { data: viewer } = useSuspenseQuery(activeMemberQueryOptions(organization.id));
  const members = useSuspenseQuery(membersQueryOptions(organization.id, membersParams(search)));
  const invitations = useSuspenseQuery(
    organizationInvitationsQueryOptions(organization.id, invitationsParams(search)),
  );
  const [memberToRemove, setMemberToRemove] = useState<MemberView | null>(null);
  const now = useNow();

  // A role change arriving live can take this page away from the viewer.
  const mayManage = canManageMembers(viewer.role);
  useEffect(() => {
    if (!mayManage) {
      noticeRedirect(guardNotices.members);
      void navigate({ to: '/$orgSlug/overview', params: { orgSlug: organization.slug }, replace: true });
    }
  }, [mayManage, navigate, organization.slug]);

  const setSearch = useCallback(
    (change: Partial<MembersSearch>) =>
      void navigate({ to: '.', search: (previous) => ({ ...previous, ...change }), replace: true }),
    [navigate],
  );
  const onMemberSearch = useCallback(
    (value: string | undefined) => setSearch({ search: value, page: 1 }),
    [setSearch],
  );
  const onInvitationSearch = useCallback(
    (value: string | undefined) => setSearch({ iSearch: value, iPage: 1 }),
    [setSearch],
  );

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            Members
            {members.isFetching || invitations.isFetching ? <Spinner label="Refreshing" /> : null}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Who works in {organization.name}, and who is invited.
          </p>
        </div>
        <InviteMemberDialog viewer={viewer} organizationName={organization.name} />
      </header>

      <ListSection
        id="members-heading"
        title="People"
        filter={{
          label: 'Filter by role',
          options: roleOptions,
          selected: search.role,
          onChange: (role) => setSearch({ role, page: 1 }),
        }}
        searchBox={{ label: 'Search members', value: search.search, onChange: onMemberSearch }}
        pagination={{ noun: 'members', pageKey: 'page', search, list: members.data }}
      >
        {members.data.data.length ? (
          <MembersTable
            members={members.data.data}
            viewer={viewer}
            search={search}
            onRemove={setMemberToRemove}
          />
        ) : (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
            <Users className="size-5 text-muted-foreground" aria-hidden />
            <p className="font-medium">No members match</p>
          </div>
        )}
      </ListSection>

      <ListSection
        id="invitations-heading"
        title="Invitations"
        filter={{
          label: 'Filter by status',
          options: statusOptions,
          selected: search.iStatus,
          onChange: (iStatus) => setSearch({ iStatus, iPage: 1 }),
        }}
        searchBox={{ label: 'Search invitations', value: search.iSearch, onChange: onInvitationSearch }}
        pagination={{ noun: 'invitations', pageKey: 'iPage', search, list: invitations.data }}
      >
        {invitations.data.data.length ? (
          <InvitationsTable invitations={invitations.data.data} viewer={viewer} search={search} now={now} />
        ) : (
          <p className="px-6 py-12 text-center text-sm text-muted-foreground">
            {search.iStatus || search.iSearch ? 'No invitations match' : 'No invitations sent yet'}
          </p>
        )}
      </ListSection>

      <RemoveMemberDialog
        member={memberToRemove}
        organizationName={organization.name}
        onClose={() => setMemberToRemove(null)}
      />
    </div>
  );
}
