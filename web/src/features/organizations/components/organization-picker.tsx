import { memberRoleLabels } from '@dispatch/domain';
import { ChevronRight } from 'lucide-react';
import { toast } from 'sonner';
import { Spinner } from '../../../components/ui/spinner';
import { useOrganizations } from '../api/list-organizations';
import { useSetActiveOrganization } from '../api/set-active-organization';
import type { OrganizationSummary } from '../types';

/** On onboarding: a user who already belongs to organizations can open one instead of creating another. */
export function OrganizationPicker({ onOpened }: { onOpened: (organization: OrganizationSummary) => void }) {
  const organizations = useOrganizations();
  const setActive = useSetActiveOrganization();
  if (!organizations.data?.length) return null;

  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-sm font-medium text-muted-foreground">Or open one of your organizations</h2>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
        {organizations.data.map((organization) => (
          <li key={organization.id}>
            <button
              type="button"
              disabled={setActive.isPending}
              onClick={() =>
                setActive.mutate(organization.id, {
                  onSuccess: () => onOpened(organization),
                  onError: (error) => toast.error(error.message),
                })
              }
              className="flex w-full cursor-pointer items-center gap-3 px-4 py-3 text-left text-sm hover:bg-accent disabled:cursor-wait"
            >
              <span className="flex-1 font-medium">{organization.name}</span>
              <span className="text-xs text-muted-foreground">
                {memberRoleLabels[organization.role] ?? ''}
              </span>
              {setActive.isPending && setActive.variables === organization.id ? (
                <Spinner decorative />
              ) : (
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
