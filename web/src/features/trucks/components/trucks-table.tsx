import { directionLabels, formatPhone, type Truck, trailerTypeLabels } from '@dispatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { SinceBadge, type SinceMark } from '../../../components/board/as-of';
import { ContactCell, PhoneLink, RelativeTime } from '../../../components/board/board-cells';
import { DataGrid, type GridColumn } from '../../../components/board/data-grid/data-grid';
import { PostingCard, RouteLine, touchTargets } from '../../../components/board/posting-card';
import { RowActions } from '../../../components/board/row-actions';
import { sortableHead } from '../../../components/board/sortable-head';
import { Switch } from '../../../components/ui/switch';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCalendarDay } from '../../../lib/dates';
import { NotOnMapMark, PostingAge, useRefreshPosting } from '../../postings';
import { useSetTruckStatus } from '../api/set-truck-status';
import { invalidateTrucks } from '../api/truck-cache';
import { nextSort, type TrucksSearch } from '../trucks-search';

/** A truck as the list answers it: `onMap` false when the map does not know its city. */
type TruckRow = Truck & { since?: SinceMark; onMap?: boolean };

const place = (city: string | null | undefined, state: string | null | undefined) =>
  [city, state].filter(Boolean).join(', ');

function StatusToggle({ truck, readOnly }: { truck: Truck; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const setStatus = useSetTruckStatus();
  return (
    <span className="inline-flex items-center gap-2 align-middle">
      <Switch
        checked={truck.status}
        aria-label="Available"
        disabled={readOnly || setStatus.isPending}
        onCheckedChange={(status) =>
          setStatus.mutate(
            { truck, status },
            {
              onError: (error) => {
                if (isApiError(error) && error.status === 409) {
                  toast.error(error.message, {
                    action: {
                      label: 'Reload',
                      onClick: () => void invalidateTrucks(queryClient, [truck.id]),
                    },
                  });
                  return;
                }
                toast.error(error instanceof Error ? error.message : 'Could not change the status');
              },
            },
          )
        }
      />
      <span className={cn('text-xs', truck.status ? 'font-medium text-success' : 'text-muted-foreground')}>
        {truck.status ? 'Available' : 'Not available'}
      </span>
    </span>
  );
}

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;

export interface TrucksTableProps {
  trucks: Truck[];
  search: TrucksSearch;
  orgSlug: string;
  now: Date;
  /** Null when the board shows a moment of the past: read only. */
  onDelete: ((truck: Truck) => void) | null;
}

/** The trucks board's grid: one line a truck, opening its edit screen on a click or Enter. */
export function TrucksTable({ trucks, search, orgSlug, now, onDelete }: TrucksTableProps) {
  const navigate = useNavigate();
  const refresh = useRefreshPosting();
  const readOnly = onDelete === null;
  const columns = useMemo<GridColumn<TruckRow>[]>(() => {
    const sorting = { search, nextSort, from: '/$orgSlug/trucks/' } as const;
    // Shown at first, so the board fits a 1366-pixel screen: what a dispatcher scans (name, age,
    // trailer, where it is and wants to go, when, whom to call); the Columns menu shows the others
    // (unit, company, direction, status, the dispatcher's name, updated). docs/decisions.md#board-columns
    return [
      {
        id: 'truckName',
        label: 'Truck name',
        ...sortableHead({ ...sorting, label: 'Truck name', orderBy: 'truckName' }),
        hideable: false,
        width: 'w-40',
        title: (truck) => truck.truckName,
        cell: (truck) => (
          <span className="font-medium">
            {truck.truckName}
            <SinceBadge since={truck.since} />
          </span>
        ),
      },
      {
        id: 'age',
        label: 'Age',
        ...sortableHead({ ...sorting, label: 'Age', orderBy: 'refreshedAt' }),
        width: 'w-16 tabular-nums text-muted-foreground',
        cell: (truck) => <PostingAge posting={truck} now={now} />,
      },
      {
        id: 'unitNumber',
        label: 'Unit',
        ...sortableHead({ ...sorting, label: 'Unit', orderBy: 'unitNumber' }),
        hiddenByDefault: true,
        width: 'w-16',
        title: (truck) => truck.unitNumber || undefined,
        cell: (truck) => truck.unitNumber || muted('—'),
      },
      {
        id: 'companyName',
        label: 'Company',
        ...sortableHead({ ...sorting, label: 'Company', orderBy: 'companyName' }),
        hiddenByDefault: true,
        width: 'w-32',
        title: (truck) => truck.companyName || undefined,
        cell: (truck) => truck.companyName || muted('—'),
      },
      {
        id: 'trailerType',
        label: 'Trailer type',
        ...sortableHead({ ...sorting, label: 'Trailer type', orderBy: 'trailerType' }),
        width: 'w-24',
        title: (truck) => trailerTypeLabels[truck.trailerType],
        cell: (truck) => trailerTypeLabels[truck.trailerType],
      },
      {
        id: 'location',
        label: 'Location',
        ...sortableHead({ ...sorting, label: 'Location', orderBy: 'truckCity' }),
        width: 'w-36',
        title: (truck) =>
          `${place(truck.truckCity, truck.truckState)}${truck.onMap === false ? ' (not on the map)' : ''}`,
        cell: (truck) => (
          <>
            {truck.onMap === false ? <NotOnMapMark /> : null}
            {place(truck.truckCity, truck.truckState)}
          </>
        ),
      },
      {
        id: 'destination',
        label: 'Preferred destination',
        ...sortableHead({ ...sorting, label: 'Preferred destination', orderBy: 'preferedCity' }),
        width: 'w-36',
        title: (truck) => place(truck.preferedCity, truck.preferedState) || 'Anywhere',
        cell: (truck) => place(truck.preferedCity, truck.preferedState) || muted('Anywhere'),
      },
      {
        id: 'direction',
        label: 'Direction',
        ...sortableHead({ ...sorting, label: 'Direction', orderBy: 'direction' }),
        hiddenByDefault: true,
        width: 'w-20',
        title: (truck) => (truck.direction ? directionLabels[truck.direction] : 'Any'),
        cell: (truck) => (truck.direction ? directionLabels[truck.direction] : muted('Any')),
      },
      {
        id: 'availabilityDate',
        label: 'Availability date',
        ...sortableHead({ ...sorting, label: 'Availability date', orderBy: 'availableDate' }),
        width: 'w-24 tabular-nums',
        cell: (truck) => formatCalendarDay(truck.availabilityDate),
      },
      {
        id: 'status',
        label: 'Status',
        ...sortableHead({ ...sorting, label: 'Status', orderBy: 'status' }),
        hiddenByDefault: true,
        width: 'w-32',
        cell: (truck) => <StatusToggle truck={truck} readOnly={readOnly} />,
      },
      {
        id: 'dispatcherPhone',
        label: 'Phone',
        width: 'w-24',
        title: (truck) =>
          `${truck.dispatcherName} ${formatPhone(truck.dispatcherCountryCode, truck.dispatcherMobileNumber)}`,
        cell: (truck) => (
          <PhoneLink countryCode={truck.dispatcherCountryCode} number={truck.dispatcherMobileNumber} />
        ),
      },
      {
        id: 'dispatcher',
        label: 'Dispatcher',
        hiddenByDefault: true,
        ...sortableHead({ ...sorting, label: 'Dispatcher', orderBy: 'dispatcherName' }),
        width: 'w-52',
        title: (truck) =>
          `${truck.dispatcherName} ${truck.dispatcherCountryCode} ${truck.dispatcherMobileNumber}`,
        cell: (truck) => (
          <ContactCell
            name={truck.dispatcherName}
            countryCode={truck.dispatcherCountryCode}
            number={truck.dispatcherMobileNumber}
          />
        ),
      },
      {
        id: 'updatedAt',
        label: 'Updated',
        ...sortableHead({ ...sorting, label: 'Updated', orderBy: 'updatedAt' }),
        hiddenByDefault: true,
        width: 'w-28 text-muted-foreground',
        cell: (truck) => <RelativeTime at={truck.updatedAt} now={now} />,
      },
    ];
  }, [search, now, readOnly]);

  const actionsOf = (truck: TruckRow) =>
    onDelete ? (
      <RowActions
        edit={{ to: '/$orgSlug/trucks/edit/$id', params: { orgSlug, id: truck.id } }}
        editTitle={`Edit ${truck.truckName}`}
        deleteTitle={`Delete ${truck.truckName}`}
        onDelete={() => onDelete(truck)}
        refresh={{
          title: `Refresh ${truck.truckName}: its age starts again`,
          pending: refresh.isPending,
          onRefresh: () =>
            refresh.mutate(
              { kind: 'trucks', id: truck.id },
              {
                onError: (error) => toast.error(error instanceof Error ? error.message : 'Could not refresh'),
              },
            ),
        }}
        matches={{ kind: 'trucks', id: truck.id, orgSlug, title: `Loads for ${truck.truckName}` }}
      />
    ) : null;

  return (
    <DataGrid<TruckRow>
      gridId="trucks"
      caption="Trucks posted by your organization"
      columns={columns}
      rows={trucks}
      rowKey={(truck) => String(truck.id)}
      rowAttributes={(truck) => ({ 'data-truck-id': truck.id, 'data-since': truck.since })}
      highlight={{ kind: 'trucks', id: (truck) => truck.id }}
      keyboard
      className="min-h-0 flex-auto"
      onOpen={(truck) => {
        if (truck.since === 'removed') return;
        void navigate({ to: '/$orgSlug/trucks/edit/$id', params: { orgSlug, id: truck.id } });
      }}
      card={(truck) => (
        <PostingCard
          title={
            <>
              {truck.truckName}
              <SinceBadge since={truck.since} />
            </>
          }
          open={
            truck.since === 'removed'
              ? undefined
              : { to: '/$orgSlug/trucks/edit/$id', params: { orgSlug, id: truck.id } }
          }
          aside={<PostingAge posting={truck} now={now} />}
          route={
            <RouteLine
              from={
                <>
                  {truck.onMap === false ? <NotOnMapMark /> : null}
                  {place(truck.truckCity, truck.truckState)}
                </>
              }
              to={place(truck.preferedCity, truck.preferedState) || muted('Anywhere')}
            />
          }
          facts={[
            <span key="date" className="tabular-nums" data-card-date>
              Available {formatCalendarDay(truck.availabilityDate)}
            </span>,
            trailerTypeLabels[truck.trailerType],
            <span key="phone" className={touchTargets}>
              <PhoneLink countryCode={truck.dispatcherCountryCode} number={truck.dispatcherMobileNumber} />
            </span>,
          ]}
          actions={actionsOf(truck)}
        />
      )}
      actions={{
        label: 'Actions',
        cell: (truck) => actionsOf(truck),
      }}
    />
  );
}
