import type { PostingKind } from '@dispatch/domain';
import { LaneHistoryCard } from '../../lane-history';
import type { OverviewSearch } from '../overview-search';
import { MonthlyChart } from './monthly-chart';
import { OverviewTotals } from './overview-totals';

export interface OverviewDashboardProps {
  organization: { id: string; name: string; slug: string };
  search: OverviewSearch;
  currentYear: number;
  onChange: (changes: { type?: PostingKind; year?: number }) => void;
}

/** The overview: totals and monthly counts of trucks and loads, both refreshed live. */
export function OverviewDashboard({ organization, search, currentYear, onChange }: OverviewDashboardProps) {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Overview</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Trucks and loads of {organization.name}, updated live.
        </p>
      </header>
      <OverviewTotals organizationId={organization.id} orgSlug={organization.slug} />
      <MonthlyChart
        organizationId={organization.id}
        type={search.type}
        year={search.year ?? currentYear}
        currentYear={currentYear}
        onChange={onChange}
      />
      <LaneHistoryCard organization={organization.id} />
    </div>
  );
}
