import { directionLabels, type Truck, trailerTypeLabels } from '@dispatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCalendarDay, relativeTime } from '../../../lib/dates';
import { useHighlight } from '../../live/highlights';
import { useSetTruckStatus } from '../api/set-truck-status';
import { invalidateTrucks } from '../api/truck-cache';
import { nextSort, type TruckOrderBy, type TrucksSearch } from '../trucks-search';

const place = (city: string | null | undefined, state: string | null | undefined) =>
  [city, state].filter(Boolean).join(', ');

function SortableHead({
  label,
  orderBy,
  search,
  className,
}: {
  label: string;
  orderBy: TruckOrderBy;
  search: TrucksSearch;
  className?: string;
}) {
  const active = search.orderBy === orderBy;
  const Icon = !active ? ArrowUpDown : search.sort === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead
      aria-sort={active ? (search.sort === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={className}
    >
      <Link
        from="/$orgSlug/trucks/"
        to="."
        search={nextSort(search, orderBy)}
        className={cn(
          '-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 hover:bg-accent hover:text-foreground',
          active && 'text-foreground',
        )}
      >
        {label}
        <Icon className="size-3.5" aria-hidden />
        <span className="sr-only">
          {active ? `, sorted ${search.sort === 'asc' ? 'ascending' : 'descending'}` : ', sort'}
        </span>
      </Link>
    </TableHead>
  );
}

function StatusToggle({ truck }: { truck: Truck }) {
  const queryClient = useQueryClient();
  const setStatus = useSetTruckStatus();
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={truck.status}
        aria-label="Available"
        disabled={setStatus.isPending}
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
  truck: Truck;
  orgSlug: string;
  now: Date;
  onDelete: (truck: Truck) => void;
}) {
  const highlight = useHighlight('trucks', truck.id);
  const destination = place(truck.preferedCity, truck.preferedState);
  return (
    <TableRow
      data-truck-id={truck.id}
      data-highlighted={highlight ? 'true' : undefined}
      data-highlight-generation={highlight}
    >
      <TableCell className="font-medium">
        <div className="flex flex-col">
          <span>{truck.truckName}</span>
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
        <StatusToggle truck={truck} />
      </TableCell>
      <TableCell>
        <div className="flex flex-col">
          <span className="whitespace-nowrap">{truck.dispatcherName}</span>
          <a
            href={`tel:${truck.dispatcherCountryCode}${truck.dispatcherMobileNumber}`}
            className="whitespace-nowrap text-xs text-muted-foreground tabular-nums hover:text-foreground"
          >
            {truck.dispatcherCountryCode} {truck.dispatcherMobileNumber}
          </a>
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        <time dateTime={truck.updatedAt} title={new Date(truck.updatedAt).toLocaleString()}>
          {relativeTime(truck.updatedAt, now)}
        </time>
      </TableCell>
      <TableCell>
        <div className="flex items-center justify-end gap-0.5">
          <Button asChild variant="ghost" size="icon" className="text-muted-foreground hover:text-foreground">
            <Link
              to="/$orgSlug/trucks/edit/$id"
              params={{ orgSlug, id: truck.id }}
              aria-label="Edit"
              title={`Edit ${truck.truckName}`}
            >
              <Pencil aria-hidden />
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Delete"
            title={`Delete ${truck.truckName}`}
            className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
            onClick={() => onDelete(truck)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

export interface TrucksTableProps {
  trucks: Truck[];
  search: TrucksSearch;
  orgSlug: string;
  now: Date;
  onDelete: (truck: Truck) => void;
}

export function TrucksTable({ trucks, search, orgSlug, now, onDelete }: TrucksTableProps) {
  return (
    <Table className="min-w-[64rem]">
      <TableCaption>Trucks posted by your organization</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Truck name</TableHead>
          <TableHead>Trailer type</TableHead>
          <TableHead>Location</TableHead>
          <TableHead>Preferred destination</TableHead>
          <TableHead>Direction</TableHead>
          <SortableHead label="Availability date" orderBy="availableDate" search={search} />
          <TableHead>Status</TableHead>
          <TableHead>Dispatcher</TableHead>
          <SortableHead label="Updated" orderBy="updatedAt" search={search} />
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {trucks.map((truck) => (
          <TruckRow key={truck.id} truck={truck} orgSlug={orgSlug} now={now} onDelete={onDelete} />
        ))}
      </TableBody>
    </Table>
  );
}
