import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';

/** The heading of a radius page, with a link to the other view of the same place when one is shown. */
export function RadiusHeader({
  title,
  description,
  refreshing,
  action,
}: {
  title: string;
  description: string;
  /** A refetch is under way, e.g. after a live change notice. */
  refreshing: boolean;
  action?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          {title}
          {refreshing ? <Spinner label="Refreshing" /> : null}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{description}</p>
      </div>
      {action}
    </header>
  );
}
