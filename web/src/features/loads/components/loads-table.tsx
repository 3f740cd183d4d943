import { type Load, productLabels, trailerTypeLabels } from '@dispatch/domain';
import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowRight, ArrowUp, ArrowUpDown, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatCalendarDay, relativeTime } from '../../../lib/dates';
import { useHighlight } from '../../live/highlights';
import { type LoadOrderBy, type LoadsSearch, nextLoadsSort } from '../loads-search';
import { formatRate } from '../rate-format';

function SortableHead({
  label,
  orderBy,
  search,
}: {
  label: string;
  orderBy: LoadOrderBy;
  search: LoadsSearch;
}) {
  const active = search.orderBy === orderBy;
  const Icon = !active ? ArrowUpDown : search.sort === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? (search.sort === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Link
        from="/$orgSlug/loads/"
        to="."
        search={nextLoadsSort(search, orderBy)}
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

function Rate({ rate, unit }: { rate: number | null; unit: Load['rateForTitanUnit'] }) {
  const text = formatRate(rate, unit);
  if (!text) return <span className="text-muted-foreground">Not set</span>;
  return (
    <div className="flex flex-col">
      <span className="tabular-nums">{text.amount}</span>
      <span className="text-xs text-muted-foreground">{text.unit}</span>
    </div>
  );
}

function LoadRow({
  load,
  orgSlug,
  now,
  onDelete,
}: {
  load: Load;
  orgSlug: string;
  now: Date;
  onDelete: (load: Load) => void;
}) {
  const highlight = useHighlight('loads', load.id);
  const route = `${load.originCity} to ${load.destinationCity}`;
  return (
    <TableRow
      data-load-id={load.id}
      data-highlighted={highlight ? 'true' : undefined}
      data-highlight-generation={highlight}
    >
      <TableCell className="font-medium">
        <div className="flex flex-col whitespace-nowrap">
          <span>
            {load.originCity}, {load.originState}
          </span>
          <span className="flex items-center gap-1 font-normal text-muted-foreground">
            <ArrowRight className="size-3.5 shrink-0" aria-label="to" />
            {load.destinationCity}, {load.destinationState}
          </span>
        </div>
      </TableCell>
      <TableCell>{trailerTypeLabels[load.trailerType]}</TableCell>
      <TableCell className="whitespace-nowrap">{productLabels[load.product]}</TableCell>
      <TableCell className="whitespace-nowrap">
        <Rate rate={load.rateForTitan} unit={load.rateForTitanUnit} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <Rate rate={load.rateForCarrier} unit={load.rateForCarrierUnit} />
      </TableCell>
      <TableCell>
        {load.customerName || load.customerMobileNumber ? (
          <div className="flex flex-col">
            <span className="whitespace-nowrap">{load.customerName}</span>
            {load.customerMobileNumber ? (
              <a
                href={`tel:${load.customerCountryCode}${load.customerMobileNumber}`}
                className="whitespace-nowrap text-xs text-muted-foreground tabular-nums hover:text-foreground"
              >
                {load.customerCountryCode} {load.customerMobileNumber}
              </a>
            ) : null}
          </div>
        ) : (
          <span className="text-muted-foreground">Not given</span>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {formatCalendarDay(load.availabilityDate)}
      </TableCell>
      <TableCell>
        <div className="flex flex-col">
          <span className="whitespace-nowrap">{load.dispatcherName}</span>
          <a
            href={`tel:${load.dispatcherCountryCode}${load.dispatcherMobileNumber}`}
            className="whitespace-nowrap text-xs text-muted-foreground tabular-nums hover:text-foreground"
          >
            {load.dispatcherCountryCode} {load.dispatcherMobileNumber}
          </a>
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        <time dateTime={load.createdAt} title={new Date(load.createdAt).toLocaleString()}>
          {relativeTime(load.createdAt, now)}
        </time>
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        <time dateTime={load.updatedAt} title={new Date(load.updatedAt).toLocaleString()}>
          {relativeTime(load.updatedAt, now)}
        </time>
      </TableCell>
      <TableCell>
        <div className="flex items-center justify-end gap-0.5">
          <Button asChild variant="ghost" size="icon" className="text-muted-foreground hover:text-foreground">
            <Link
              to="/$orgSlug/loads/edit/$id"
              params={{ orgSlug, id: load.id }}
              aria-label="Edit"
              title={`Edit the load ${route}`}
            >
              <Pencil aria-hidden />
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Delete"
            title={`Delete the load ${route}`}
            className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
            onClick={() => onDelete(load)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

export interface LoadsTableProps {
  loads: Load[];
  search: LoadsSearch;
  orgSlug: string;
  now: Date;
  onDelete: (load: Load) => void;
}

export function LoadsTable({ loads, search, orgSlug, now, onDelete }: LoadsTableProps) {
  return (
    <Table className="min-w-[64rem]">
      <TableCaption>Loads posted by your organization</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Route</TableHead>
          <TableHead>Trailer type</TableHead>
          <TableHead>Product</TableHead>
          <TableHead>Rate for Titan</TableHead>
          <TableHead>Rate for carrier</TableHead>
          <TableHead>Customer</TableHead>
          <SortableHead label="Availability date" orderBy="availableDate" search={search} />
          <TableHead>Dispatcher</TableHead>
          <SortableHead label="Posted" orderBy="createdAt" search={search} />
          <SortableHead label="Updated" orderBy="updatedAt" search={search} />
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loads.map((load) => (
          <LoadRow key={load.id} load={load} orgSlug={orgSlug} now={now} onDelete={onDelete} />
        ))}
      </TableBody>
    </Table>
  );
}
