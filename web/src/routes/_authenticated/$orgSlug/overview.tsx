import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { OverviewDashboard } from '../../../features/overview/components/overview-dashboard';
import { overviewRouteSearch } from '../../../features/overview/overview-search';
import { InterruptibleFirstRender } from '../../../lib/interruptible-first-render';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/overview')({
  validateSearch: overviewRouteSearch,
  search: { middlewares: [stripSearchParams({ type: 'trucks' })] },
  component: OverviewPage,
});

function OverviewPage() {
  const { organization } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('Overview', organization.name);
  // The chart's default year is this one, as the dispatcher's calendar has it.
  const currentYear = new Date().getFullYear();
  return (
    <InterruptibleFirstRender>
      <OverviewDashboard
        organization={organization}
        search={search}
        currentYear={currentYear}
        onChange={(changes) =>
          void navigate({
            search: (current) => {
              const next = { ...current, ...changes };
              return next.year === currentYear ? { type: next.type } : next;
            },
          })
        }
      />
    </InterruptibleFirstRender>
  );
}
