import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { List } from 'lucide-react';
import { SearchSummary, useFoldedSearch } from '../../../../components/board/search-summary';
import { buttonClassName } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { radiusSearchQueryOptions } from '../../api/get-radius-search';
import { formatMiles } from '../../radius-results';
import {
  activeRadius360Search,
  type Radius360RouteSearch,
  type Radius360Search,
  type RadiusSearch,
  radius360Queries,
  validateRadius360Search,
} from '../../radius-search';
import { RadiusHeader } from '../radius-header';
import { placeFormOf, RadiusPlaceForm } from '../radius-place-form';
import { placeErrorsOf, SearchFailed, StartNotice } from '../radius-states';
import { AllAround } from './all-around';

export interface Radius360PageProps {
  organization: { id: string; name: string; slug: string };
  search: Radius360RouteSearch;
  onNavigate: (search: Radius360RouteSearch) => void;
}

/** A search that is never sent: the queries' key while the page has no search. */
const NO_SEARCH: Radius360Search = { state: '', city: '', radius: 0 };

function useRadius(organizationId: string, search: RadiusSearch, enabled: boolean) {
  return useQuery({ ...radiusSearchQueryOptions(organizationId, search), enabled });
}

/**
 * Radius 360, the all-around view of one city: its trucks and loads together on a map of the
 * United States, counted by compass sector, and matched (each load with the nearest available
 * trucks of its trailer type). Both searches follow live changes.
 */
export function Radius360Page({ organization, search, onNavigate }: Radius360PageProps) {
  const active = activeRadius360Search(search);
  const enabled = active !== null;
  const all = radius360Queries(active ?? NO_SEARCH);
  const listed = radius360Queries(active ?? NO_SEARCH, active?.direction);
  const trucks = useRadius(organization.id, all.trucks, enabled);
  const loads = useRadius(organization.id, all.loads, enabled);
  const listedTrucks = useRadius(organization.id, listed.trucks, enabled);
  const listedLoads = useRadius(organization.id, listed.loads, enabled);
  const queries = [trucks, loads, listedTrucks, listedLoads];
  const failed = queries.find((query) => query.isError && !query.data);
  const refreshing = queries.some((query) => query.isFetching) && queries.every((query) => query.data);
  // After a search the form folds into one line, so the map and the lists start near the top.
  const { folded: foldedSearch, edit } = useFoldedSearch(
    active ? [active.state, active.city, active.radius].join('|') : null,
  );
  const folded = foldedSearch && !placeErrorsOf(failed?.error);

  return (
    <div className="flex flex-col gap-4">
      <RadiusHeader
        title="Radius 360"
        description="Everything around one city: trucks and loads on one map, counted by direction, and the nearest available trucks for each load. Updated live."
        refreshing={refreshing}
        action={
          active ? (
            <Link
              to="/$orgSlug/radius"
              params={{ orgSlug: organization.slug }}
              search={{ state: active.state, city: active.city, radius: active.radius }}
              className={buttonClassName('outline')}
            >
              <List aria-hidden />
              Open as a list
            </Link>
          ) : null
        }
      />

      {folded && active ? (
        <SearchSummary onEdit={edit}>
          <span className="font-medium">
            Everything within {formatMiles(active.radius)} of {active.city}, {active.state}
          </span>
        </SearchSummary>
      ) : (
        <Card className="p-4">
          <RadiusPlaceForm
            initial={placeFormOf(search)}
            withKind={false}
            searching={enabled}
            serverErrors={placeErrorsOf(failed?.error)}
            onSearch={(form) =>
              onNavigate(
                validateRadius360Search({
                  state: form.state,
                  city: form.city.trim(),
                  radius: form.radius.trim(),
                }),
              )
            }
          />
        </Card>
      )}

      {!active ? (
        <Card>
          <StartNotice>
            Pick a state, a city and a radius in miles to see every truck and load around it on the map, how
            many lie in each direction, and which available trucks are nearest to each load.
          </StartNotice>
        </Card>
      ) : failed ? (
        <Card>
          <SearchFailed
            error={failed.error}
            onRetry={() => {
              for (const query of queries) if (query.isError) void query.refetch();
            }}
          />
        </Card>
      ) : trucks.data && loads.data && listedTrucks.data && listedLoads.data ? (
        <AllAround
          search={active}
          orgSlug={organization.slug}
          trucks={trucks.data}
          loads={loads.data}
          listedTrucks={listedTrucks.data}
          listedLoads={listedLoads.data}
          stale={queries.find((query) => query.isError)}
        />
      ) : (
        <Card className="flex justify-center py-16">
          <Spinner label="Searching" />
        </Card>
      )}
    </div>
  );
}
