import { DEADHEAD_LABEL, trailerTypeLabels } from '@dispatch/domain';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { formatMiles, type LoadMatches } from '../../radius-results';
import { LoadLink, TruckLink } from '../result-cells';

/** How many loads the list shows before "Show all". */
const FIRST_LOADS = 8;

/**
 * Matches: each load of the place with the nearest available trucks of the place that have its
 * trailer type, and the deadhead: the straight-line miles from the truck to the load's origin.
 */
export function LoadMatchesList({
  matches,
  orgSlug,
  empty,
}: {
  matches: LoadMatches[];
  orgSlug: string;
  /** What an empty list says. */
  empty: string;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? matches : matches.slice(0, FIRST_LOADS);
  if (!matches.length) return <p className="px-4 py-6 text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="flex flex-col">
      <ul className="divide-y divide-border">
        {shown.map((match) => (
          <li
            key={match.load.id}
            data-match-load-id={match.load.id}
            className="grid gap-x-6 gap-y-2 px-4 py-3 md:grid-cols-[minmax(0,16rem)_minmax(0,32rem)]"
          >
            <div className="flex min-w-0 flex-col gap-0.5 text-sm">
              <LoadLink load={match.load} orgSlug={orgSlug} />
              <span className="text-xs text-muted-foreground">
                {trailerTypeLabels[match.load.trailerType]} · {formatMiles(match.distance)} from the city
              </span>
            </div>
            {match.trucks.length ? (
              <ol className="flex min-w-0 flex-col gap-1.5 text-sm" aria-label="Nearest available trucks">
                {match.trucks.map((candidate) => (
                  <li
                    key={candidate.truck.id}
                    data-match-truck-id={candidate.truck.id}
                    className="flex min-w-0 items-center justify-between gap-3"
                  >
                    <TruckLink truck={candidate.truck} orgSlug={orgSlug} className="flex-1" />
                    <span className="shrink-0 text-right text-xs tabular-nums text-muted-foreground">
                      <span className="font-medium text-foreground">{formatMiles(candidate.miles)}</span>{' '}
                      {DEADHEAD_LABEL}
                      <span className="block">
                        {candidate.truck.truckCity}, {candidate.truck.truckState}
                      </span>
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="self-center text-sm text-muted-foreground">
                No available {trailerTypeLabels[match.load.trailerType].toLowerCase()} truck within the
                radius.
              </p>
            )}
          </li>
        ))}
      </ul>
      {matches.length > FIRST_LOADS ? (
        <div className="border-t border-border px-4 py-2">
          <Button variant="ghost" size="sm" onClick={() => setAll((value) => !value)} aria-expanded={all}>
            {all ? 'Show fewer' : `Show all ${matches.length} loads`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
