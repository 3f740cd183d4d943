import {
  formatPhone,
  type Load,
  type LoadMilesAndMoney,
  productLabels,
  trailerTypeLabels,
} from '@dispatch/domain';
import { useNavigate } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { SinceBadge, type SinceMark } from '../../../components/board/as-of';
import { ContactCell, PhoneLink, RelativeTime } from '../../../components/board/board-cells';
import { DataGrid, type GridColumn } from '../../../components/board/data-grid/data-grid';
import { MarginCell, PerMileCell, TripMilesCell } from '../../../components/board/miles-cells';
import { PostingCard, RouteLine } from '../../../components/board/posting-card';
import { RateCell } from '../../../components/board/rate-cell';
import { RowActions } from '../../../components/board/row-actions';
import { sortableHead } from '../../../components/board/sortable-head';
import { formatCalendarDay } from '../../../lib/dates';
import { marginText, perMileText, rateText, tripMilesText } from '../../../lib/money';
import { LaneHistoryButton } from '../../lane-history';
import { NotOnMapMark, PostingAge, useRefreshPosting } from '../../postings';
import { type LoadsSearch, nextLoadsSort } from '../loads-search';

/** A load as the list answers it: `originOnMap`, `destinationOnMap` false for an end the map does not know. */
type LoadRow = Load &
  Partial<LoadMilesAndMoney> & { since?: SinceMark; originOnMap?: boolean; destinationOnMap?: boolean };

const perMileTitle = (load: LoadRow) =>
  [
    load.ratePerMile != null && `Ours ${perMileText(load.ratePerMile)}`,
    load.carrierRatePerMile != null && `carrier ${perMileText(load.carrierRatePerMile)}`,
  ]
    .filter(Boolean)
    .join(', ') || 'A rate per mile is given for a flat rate only';

const routeOf = (load: Load) =>
  `${load.originCity}, ${load.originState} to ${load.destinationCity}, ${load.destinationState}`;

export interface LoadsTableProps {
  loads: Load[];
  search: LoadsSearch;
  orgSlug: string;
  now: Date;
  /** Null when the board shows a moment of the past: read only. */
  onDelete: ((load: Load) => void) | null;
  /** Whether the caller sees the margin (owners, admins, Member+): the column is theirs only. */
  showMargin?: boolean;
}

/** The loads board's grid: one line a load, opening its edit screen on a click or Enter. */
export function LoadsTable({ loads, search, orgSlug, now, onDelete, showMargin = false }: LoadsTableProps) {
  const navigate = useNavigate();
  const refresh = useRefreshPosting();
  const columns = useMemo<GridColumn<LoadRow>[]>(() => {
    const sorting = { search, nextSort: nextLoadsSort, from: '/$orgSlug/loads/' } as const;
    // Shown at first, so the board fits a 1366-pixel screen: what a dispatcher scans (the route, age,
    // trailer, date, our rate, the customer and whom to call); the Columns menu shows the others
    // (product, carrier rate, miles, rates per mile, margin, the dispatcher's name, posted, updated).
    // docs/decisions.md#board-columns
    return [
      {
        id: 'route',
        label: 'Route',
        ...sortableHead({ ...sorting, label: 'Route', orderBy: 'originCity' }),
        hideable: false,
        width: 'w-48',
        title: routeOf,
        cell: (load) => (
          <span className="font-medium">
            {load.originOnMap === false ? <NotOnMapMark /> : null}
            {load.originCity}, {load.originState}
            <ArrowRight className="mx-1 inline size-3.5 align-[-2px] text-muted-foreground" aria-label="to" />
            {load.destinationOnMap === false ? <NotOnMapMark /> : null}
            {load.destinationCity}, {load.destinationState}
            <SinceBadge since={load.since} />
          </span>
        ),
      },
      {
        id: 'age',
        label: 'Age',
        ...sortableHead({ ...sorting, label: 'Age', orderBy: 'refreshedAt' }),
        width: 'w-16 tabular-nums text-muted-foreground',
        cell: (load) => <PostingAge posting={load} now={now} />,
      },
      {
        id: 'trailerType',
        label: 'Trailer type',
        ...sortableHead({ ...sorting, label: 'Trailer type', orderBy: 'trailerType' }),
        width: 'w-24',
        title: (load) => trailerTypeLabels[load.trailerType],
        cell: (load) => trailerTypeLabels[load.trailerType],
      },
      {
        id: 'availabilityDate',
        label: 'Availability date',
        ...sortableHead({ ...sorting, label: 'Availability date', orderBy: 'availableDate' }),
        width: 'w-24 tabular-nums',
        cell: (load) => formatCalendarDay(load.availabilityDate),
      },
      {
        id: 'product',
        label: 'Product',
        hiddenByDefault: true,
        ...sortableHead({ ...sorting, label: 'Product', orderBy: 'product' }),
        width: 'w-24',
        title: (load) => productLabels[load.product],
        cell: (load) => productLabels[load.product],
      },
      {
        id: 'rateForTitan',
        label: 'Our rate',
        ...sortableHead({ ...sorting, label: 'Our rate', orderBy: 'rateForTitan' }),
        width: 'w-24',
        title: (load) => rateText(load.rateForTitan, load.rateForTitanUnit) ?? undefined,
        cell: (load) => <RateCell rate={load.rateForTitan} unit={load.rateForTitanUnit} />,
      },
      {
        id: 'rateForCarrier',
        label: 'Carrier rate',
        hiddenByDefault: true,
        ...sortableHead({ ...sorting, label: 'Carrier rate', orderBy: 'rateForCarrier' }),
        width: 'w-28',
        title: (load) => rateText(load.rateForCarrier, load.rateForCarrierUnit) ?? undefined,
        cell: (load) => <RateCell rate={load.rateForCarrier} unit={load.rateForCarrierUnit} />,
      },
      {
        id: 'tripMiles',
        label: 'Miles (est.)',
        hiddenByDefault: true,
        ...sortableHead({ ...sorting, label: 'Miles (est.)', orderBy: 'tripMiles' }),
        width: 'w-24 tabular-nums',
        align: 'right',
        title: (load) => tripMilesText(load.tripMiles) ?? 'Not on the map: no trip miles',
        cell: (load) => <TripMilesCell miles={load.tripMiles} />,
      },
      {
        id: 'ratePerMile',
        label: 'Rate/mi',
        hiddenByDefault: true,
        ...sortableHead({ ...sorting, label: 'Rate/mi', orderBy: 'ratePerMile' }),
        width: 'w-20 tabular-nums',
        align: 'right',
        title: (load) => perMileTitle(load),
        cell: (load) => <PerMileCell perMile={load.ratePerMile} />,
      },
      {
        id: 'carrierRatePerMile',
        label: 'Carrier rate/mi',
        width: 'w-24 tabular-nums',
        align: 'right',
        hiddenByDefault: true,
        cell: (load) => <PerMileCell perMile={load.carrierRatePerMile} />,
      },
      ...(showMargin
        ? [
            {
              id: 'margin',
              label: 'Margin',
              // Commercially sensitive: on screen only when its viewer asks for it.
              hiddenByDefault: true,
              ...sortableHead({ ...sorting, label: 'Margin', orderBy: 'margin' }),
              width: 'w-24 tabular-nums',
              align: 'right',
              title: (load) => marginText(load) ?? 'No margin: a rate is missing or the units differ',
              cell: (load) => <MarginCell load={load} />,
            } satisfies GridColumn<LoadRow>,
          ]
        : []),
      {
        id: 'customer',
        label: 'Customer',
        ...sortableHead({ ...sorting, label: 'Customer', orderBy: 'customerName' }),
        width: 'w-32',
        title: (load) =>
          [
            load.customerName,
            load.customerMobileNumber && `${load.customerCountryCode} ${load.customerMobileNumber}`,
          ]
            .filter(Boolean)
            .join(' ') || undefined,
        cell: (load) =>
          load.customerName || load.customerMobileNumber ? (
            <span>
              {load.customerName}{' '}
              {load.customerMobileNumber ? (
                <PhoneLink countryCode={load.customerCountryCode} number={load.customerMobileNumber} />
              ) : null}
            </span>
          ) : (
            <span className="text-muted-foreground">Not given</span>
          ),
      },
      {
        id: 'dispatcherPhone',
        label: 'Phone',
        width: 'w-24',
        title: (load) =>
          `${load.dispatcherName} ${formatPhone(load.dispatcherCountryCode, load.dispatcherMobileNumber)}`,
        cell: (load) => (
          <PhoneLink countryCode={load.dispatcherCountryCode} number={load.dispatcherMobileNumber} />
        ),
      },
      {
        id: 'dispatcher',
        label: 'Dispatcher',
        hiddenByDefault: true,
        ...sortableHead({ ...sorting, label: 'Dispatcher', orderBy: 'dispatcherName' }),
        width: 'w-52',
        title: (load) =>
          `${load.dispatcherName} ${load.dispatcherCountryCode} ${load.dispatcherMobileNumber}`,
        cell: (load) => (
          <ContactCell
            name={load.dispatcherName}
            countryCode={load.dispatcherCountryCode}
            number={load.dispatcherMobileNumber}
          />
        ),
      },
      {
        id: 'createdAt',
        label: 'Posted',
        hiddenByDefault: true,
        ...sortableHead({ ...sorting, label: 'Posted', orderBy: 'createdAt' }),
        width: 'w-28 text-muted-foreground',
        cell: (load) => <RelativeTime at={load.createdAt} now={now} />,
      },
      {
        id: 'updatedAt',
        label: 'Updated',
        hiddenByDefault: true,
        ...sortableHead({ ...sorting, label: 'Updated', orderBy: 'updatedAt' }),
        width: 'w-28 text-muted-foreground',
        cell: (load) => <RelativeTime at={load.updatedAt} now={now} />,
      },
    ];
  }, [search, now, showMargin]);

  const actionsOf = (load: LoadRow) => (
    <div className="flex items-center justify-end gap-0.5">
      <LaneHistoryButton organization={orgSlug} lane={load} />
      {onDelete ? (
        <RowActions
          edit={{ to: '/$orgSlug/loads/edit/$id', params: { orgSlug, id: load.id } }}
          editTitle={`Edit the load ${load.originCity} to ${load.destinationCity}`}
          deleteTitle={`Delete the load ${load.originCity} to ${load.destinationCity}`}
          onDelete={() => onDelete(load)}
          refresh={{
            title: `Refresh the load ${load.originCity} to ${load.destinationCity}: its age starts again`,
            pending: refresh.isPending,
            onRefresh: () =>
              refresh.mutate(
                { kind: 'loads', id: load.id },
                {
                  onError: (error) =>
                    toast.error(error instanceof Error ? error.message : 'Could not refresh'),
                },
              ),
          }}
          matches={{
            kind: 'loads',
            id: load.id,
            orgSlug,
            title: `Trucks for the load ${load.originCity} to ${load.destinationCity}`,
          }}
        />
      ) : null}
    </div>
  );

  return (
    <DataGrid<LoadRow>
      gridId="loads"
      caption="Loads posted by your organization"
      columns={columns}
      rows={loads}
      rowKey={(load) => String(load.id)}
      rowAttributes={(load) => ({ 'data-load-id': load.id, 'data-since': load.since })}
      highlight={{ kind: 'loads', id: (load) => load.id }}
      keyboard
      className="min-h-0 flex-auto"
      onOpen={(load) => {
        if (load.since === 'removed') return;
        void navigate({ to: '/$orgSlug/loads/edit/$id', params: { orgSlug, id: load.id } });
      }}
      card={(load) => (
        <PostingCard
          title={
            <>
              <RouteLine
                from={
                  <>
                    {load.originOnMap === false ? <NotOnMapMark /> : null}
                    {load.originCity}, {load.originState}
                  </>
                }
                to={
                  <>
                    {load.destinationOnMap === false ? <NotOnMapMark /> : null}
                    {load.destinationCity}, {load.destinationState}
                  </>
                }
              />
              <SinceBadge since={load.since} />
            </>
          }
          open={
            load.since === 'removed'
              ? undefined
              : { to: '/$orgSlug/loads/edit/$id', params: { orgSlug, id: load.id } }
          }
          aside={<PostingAge posting={load} now={now} />}
          facts={[
            <span key="date" className="tabular-nums" data-card-date>
              {formatCalendarDay(load.availabilityDate)}
            </span>,
            <RateCell key="rate" rate={load.rateForTitan} unit={load.rateForTitanUnit} />,
            trailerTypeLabels[load.trailerType],
            load.customerName || null,
          ]}
          actions={actionsOf(load)}
        />
      )}
      actions={{ label: 'Actions', cell: (load) => actionsOf(load) }}
    />
  );
}
