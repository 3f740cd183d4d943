import { MATCH_DEADHEAD_DEFAULT_MILES, type MatchesAnswer, trailerTypeLabels } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatCalendarDay } from '../../../lib/dates';
import { loadQueryOptions } from '../../loads';
import { formatMiles, LoadLink, RadiusHeader, SearchFailed, TruckLink } from '../../radius';
import { truckQueryOptions } from '../../trucks';
import { matchesQueryOptions } from '../api/get-lanes';

const deadheadChoices = [50, 100, 150, 250, 500];

/**
 * The matches of a truck (loads it fits) or of a load (trucks that fit it), best first, with the
 * reasons each fits; updated live as postings come and go.
 */
export function MatchesPage({
  organization,
  kind,
  id,
  deadhead = MATCH_DEADHEAD_DEFAULT_MILES,
  onDeadhead,
}: {
  organization: { id: string; slug: string };
  kind: 'trucks' | 'loads';
  id: number;
  deadhead?: number;
  onDeadhead: (deadhead: number) => void;
}) {
  const query = useQuery(matchesQueryOptions(organization.id, kind, id, deadhead));
  const other = kind === 'loads' ? 'trucks' : 'loads';
  // The posting itself, for the title: its lane or its name.
  const load = useQuery({ ...loadQueryOptions(organization.id, id), enabled: kind === 'loads' }).data;
  const truck = useQuery({ ...truckQueryOptions(organization.id, id), enabled: kind === 'trucks' }).data;
  const subject =
    kind === 'loads'
      ? load
        ? `the load ${load.originCity}, ${load.originState} → ${load.destinationCity}, ${load.destinationState}`
        : `load ${id}`
      : (truck?.truckName ?? `truck ${id}`);
  return (
    <div className="flex flex-col gap-6">
      <RadiusHeader
        title={kind === 'loads' ? `Trucks for ${subject}` : `Loads for ${subject}`}
        description={`The ${other} that fit, best first: the shortest deadhead, then ${kind === 'loads' ? 'trucks heading to the load’s destination' : 'loads going where the truck is heading'}, then the date. Updated live.`}
        refreshing={query.isFetching && !!query.data}
        action={
          <label className="flex items-center gap-2 text-sm">
            Deadhead up to
            <select
              className="rounded-md border border-input bg-card px-2 py-1.5 text-sm"
              value={deadhead}
              onChange={(event) => onDeadhead(Number(event.target.value))}
            >
              {deadheadChoices.map((miles) => (
                <option key={miles} value={miles}>
                  {miles} mi
                </option>
              ))}
            </select>
          </label>
        }
      />
      <MatchesList
        answer={query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        orgSlug={organization.slug}
        other={other}
      />
    </div>
  );
}

function MatchesList({
  answer,
  error,
  onRetry,
  orgSlug,
  other,
}: {
  answer: MatchesAnswer | undefined;
  error: unknown;
  onRetry: () => void;
  orgSlug: string;
  other: 'trucks' | 'loads';
}) {
  if (!answer)
    return error ? (
      <Card>
        <SearchFailed error={error} onRetry={onRetry} />
      </Card>
    ) : (
      <Card className="flex justify-center py-16">
        <Spinner label="Finding matches" />
      </Card>
    );
  return (
    <section aria-label="Matches" className="flex flex-col gap-3">
      <h2 className="px-1 text-base font-semibold tracking-tight" aria-live="polite">
        {answer.totalCount.toLocaleString()}
        {answer.totalCountExact ? '' : '+'} {answer.totalCount === 1 ? other.slice(0, -1) : other} within{' '}
        {formatMiles(answer.deadhead)} of deadhead
      </h2>
      <Card>
        {answer.data.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">
            Nothing fits yet. New postings show here as they come.
          </p>
        ) : (
          <ol className="divide-y divide-border">
            {answer.data.map((match, index) => {
              const posting = 'truck' in match ? match.truck : match.load;
              return (
                <li
                  key={posting.id}
                  {...('truck' in match
                    ? { 'data-match-truck-id': match.truck.id }
                    : { 'data-match-load-id': match.load.id })}
                  className="grid gap-x-6 gap-y-2 px-4 py-3 sm:grid-cols-[2rem_minmax(0,16rem)_minmax(0,1fr)_auto] sm:items-center"
                >
                  <span className="text-sm font-semibold tabular-nums text-muted-foreground">
                    {index + 1}
                  </span>
                  <div className="min-w-0 text-sm">
                    {'truck' in match ? (
                      <TruckLink truck={match.truck} orgSlug={orgSlug} />
                    ) : (
                      <LoadLink load={match.load} orgSlug={orgSlug} />
                    )}
                    <span className="text-xs text-muted-foreground">
                      {trailerTypeLabels[posting.trailerType]} · {formatCalendarDay(posting.availabilityDate)}
                    </span>
                  </div>
                  <ul className="flex flex-wrap gap-1.5" aria-label="Why it fits">
                    {match.reasons.map((reason) => (
                      <li
                        key={reason.code}
                        className="rounded-full bg-muted px-2 py-0.5 text-xs text-foreground"
                      >
                        {reason.text}
                      </li>
                    ))}
                  </ul>
                  <span className="text-right text-sm tabular-nums">
                    <span className="font-semibold">{formatMiles(match.deadheadMiles)}</span>
                    <span className="block text-xs text-muted-foreground">deadhead</span>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </Card>
    </section>
  );
}
