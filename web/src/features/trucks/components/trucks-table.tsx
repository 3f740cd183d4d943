import { directionLabels, type Truck, trailerTypeLabels } from '@dispatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Switch } from '../../../components/ui/switch';
import { TableCell, TableHead, TableRow } from '../../../components/ui/table';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCalendarDay } from '../../../lib/dates';
import { SinceBadge, type SinceMark } from '../../board/as-of';
import { ContactCell, RelativeTime } from '../../board/board-cells';
import { BoardTable } from '../../board/board-table';
import { RowActions } from '../../board/row-actions';
import { SortableHead } from '../../board/sortable-head';
import { useHighlight } from '../../live/highlights';
import { useSetTruckStatus } from '../api/set-truck-status';
import { invalidateTrucks } from '../api/truck-cache';
import { nextSort, type TrucksSearch } from '../trucks-search';

const place = (city: string | null | undefined, state: string | null | undefined) =>
  [city, state].filter(Boolean).join(', ');

function StatusToggle({ truck, readOnly }: { truck: Truck; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const setStatus = useSetTruckStatus();
  return (
    <div className="flex items-center gap-2">
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
    </div>
  );
}

function TruckRow({
  truck,
  orgSlug,
  now,
  onDelete,
}: {
  truck: Truck & { since?: SinceMark };
  orgSlug: string;
  now: Date;
  onDelete: ((truck: Truck) => void) | null;
}) {
  const highlight = useHighlight('trucks', truck.id);
  const destination = place(truck.preferedCity, truck.preferedState);
  return (
    <TableRow
      data-truck-id={truck.id}
      data-since={truck.since}
      data-highlighted={highlight ? 'true' : undefined}
      data-highlight-generation={highlight}
    >
      <TableCell className="font-medium">
        <div className="flex flex-col">
          <span>
            {truck.truckName}
            <SinceBadge since={truck.since} />
          </span>
          {truck.unitNumber || truck.companyName ? (
            <span className="text-xs font-normal text-muted-foreground">
              {[truck.unitNumber && `Unit ${truck.unitNumber}`, truck.companyName]
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : null}
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap">{trailerTypeLabels[truck.trailerType]}</TableCell>
      <TableCell className="whitespace-nowrap">{place(truck.truckCity, truck.truckState)}</TableCell>
      <TableCell className="whitespace-nowrap">
        {destination || <span className="text-muted-foreground">Anywhere</span>}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {truck.direction ? (
          directionLabels[truck.direction]
        ) : (
          <span className="text-muted-foreground">Any</span>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {formatCalendarDay(truck.availabilityDate)}
      </TableCell>
      <TableCell>
        <StatusToggle truck={truck} readOnly={onDelete === null} />
      </TableCell>
      <TableCell>
        <ContactCell
          name={truck.dispatcherName}
          countryCode={truck.dispatcherCountryCode}
          number={truck.dispatcherMobileNumber}
        />
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        <RelativeTime at={truck.updatedAt} now={now} />
      </TableCell>
      <TableCell>
        {onDelete ? (
          <RowActions
            edit={{ to: '/$orgSlug/trucks/edit/$id', params: { orgSlug, id: truck.id } }}
            editTitle={`Edit ${truck.truckName}`}
            deleteTitle={`Delete ${truck.truckName}`}
            onDelete={() => onDelete(truck)}
          />
        ) : null}
      </TableCell>
    </TableRow>
  );
}

export interface TrucksTableProps {
  trucks: Truck[];
  search: TrucksSearch;
  orgSlug: string;
  now: Date;
  onDelete: ((truck: Truck) => void) | null;
}

export function TrucksTable({ trucks, search, orgSlug, now, onDelete }: TrucksTableProps) {
  const sorting = { search, nextSort, from: '/$orgSlug/trucks/' } as const;
  return (
    <BoardTable
      caption="Trucks posted by your organization"
      heads={
        <>
          <TableHead>Truck name</TableHead>
          <TableHead>Trailer type</TableHead>
          <TableHead>Location</TableHead>
          <TableHead>Preferred destination</TableHead>
          <TableHead>Direction</TableHead>
          <SortableHead {...sorting} label="Availability date" orderBy="availableDate" />
          <TableHead>Status</TableHead>
          <TableHead>Dispatcher</TableHead>
          <SortableHead {...sorting} label="Updated" orderBy="updatedAt" />
        </>
      }
    >
      {trucks.map((truck) => (
        <TruckRow key={truck.id} truck={truck} orgSlug={orgSlug} now={now} onDelete={onDelete} />
      ))}
    </BoardTable>
  );
}
