import { Building2, ChevronsUpDown } from 'lucide-react';
import { toast } from 'sonner';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useOrganizations } from '../api/list-organizations';
import { useSetActiveOrganization } from '../api/set-active-organization';
import type { Organization, OrganizationSummary } from '../types';

function OrganizationMark({ name }: { name: string }) {
  return (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-sm font-semibold text-primary-foreground"
    >
      {name.trim()[0]?.toUpperCase() ?? <Building2 className="size-4" />}
    </span>
  );
}

/**
 * The organization's name at the top of the navigation. With more than one organization it
 * opens a menu to switch: the server moves the session (and its live room) to the chosen one.
 */
export function OrganizationSwitcher({
  organization,
  onSwitched,
}: {
  organization: Organization;
  onSwitched: (organization: OrganizationSummary) => void;
}) {
  const organizations = useOrganizations();
  const setActive = useSetActiveOrganization();
  const others = organizations.data ?? [];

  const name = (
    <span className="flex min-w-0 items-center gap-2.5">
      <OrganizationMark name={organization.name} />
      <span className="truncate text-sm font-semibold" data-testid="organization-name">
        {organization.name}
      </span>
    </span>
  );

  if (others.length < 2) return <div className="flex items-center p-2">{name}</div>;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Organization: ${organization.name}. Switch organization`}
        className="flex w-full items-center justify-between gap-2 rounded-lg p-2 text-left outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        {name}
        <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel>Organizations</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={organization.id}
          onValueChange={(id) => {
            const next = others.find((candidate) => candidate.id === id);
            if (!next || next.id === organization.id) return;
            setActive.mutate(next.id, {
              onSuccess: () => onSwitched(next),
              onError: (error) => toast.error(error.message),
            });
          }}
        >
          {others.map((candidate) => (
            <DropdownMenuRadioItem key={candidate.id} value={candidate.id}>
              <span className="truncate">{candidate.name}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
