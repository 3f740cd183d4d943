import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Package, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/errors/query-error';
import { Card } from '../../../components/ui/card';
import { overviewTotalsQueryOptions } from '../api/get-overview';

function TotalCard({
  label,
  value,
  icon,
  link,
}: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  link: ReactNode;
}) {
  return (
    <Card className="flex items-start justify-between gap-4 px-5 py-4">
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="mt-1 text-3xl font-semibold tabular-nums tracking-tight">
          {value === undefined ? '–' : value.toLocaleString()}
        </p>
        <div className="mt-2 text-sm">{link}</div>
      </div>
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
        {icon}
      </span>
    </Card>
  );
}

/** Trucks and loads on the board now, from the projector's totals. */
export function OverviewTotals({ organizationId, orgSlug }: { organizationId: string; orgSlug: string }) {
  const { data, error, refetch, isFetching } = useQuery(overviewTotalsQueryOptions(organizationId));
  const linkClass = 'inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline';
  return (
    <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2">
      {error ? (
        <Card className="sm:col-span-2">
          <QueryError
            error={error}
            title="Could not load the totals"
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        </Card>
      ) : null}
      <TotalCard
        label="Trucks"
        value={data?.truckCount}
        icon={<Truck className="size-4" aria-hidden />}
        link={
          <Link to="/$orgSlug/trucks" params={{ orgSlug }} className={linkClass}>
            Open the trucks board <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        }
      />
      <TotalCard
        label="Loads"
        value={data?.loadCount}
        icon={<Package className="size-4" aria-hidden />}
        link={
          <Link to="/$orgSlug/loads" params={{ orgSlug }} className={linkClass}>
            Open the loads board <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        }
      />
    </section>
  );
}
