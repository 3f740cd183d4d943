import { type Load, productLabels, trailerTypeLabels } from '@dispatch/domain';
import { ArrowRight } from 'lucide-react';
import { TableCell, TableHead, TableRow } from '../../../components/ui/table';
import { formatCalendarDay } from '../../../lib/dates';
import { SinceBadge, type SinceMark } from '../../board/as-of';
import { ContactCell, PhoneLink, RelativeTime } from '../../board/board-cells';
import { BoardTable } from '../../board/board-table';
import { RowActions } from '../../board/row-actions';
import { SortableHead } from '../../board/sortable-head';
import { useHighlight } from '../../live/highlights';
import { type LoadsSearch, nextLoadsSort } from '../loads-search';
import { formatRate } from '../rate-format';

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
  load: Load & { since?: SinceMark };
  orgSlug: string;
  now: Date;
  onDelete: ((load: Load) => void) | null;
}) {
  const highlight = useHighlight('loads', load.id);
  const route = `${load.originCity} to ${load.destinationCity}`;
  return (
    <TableRow
      data-load-id={load.id}
      data-since={load.since}
      data-highlighted={highlight ? 'true' : undefined}
      data-highlight-generation={highlight}
    >
      <TableCell className="font-medium">
        <div className="flex flex-col whitespace-nowrap">
          <span>
            {load.originCity}, {load.originState}
            <SinceBadge since={load.since} />
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
              <PhoneLink countryCode={load.customerCountryCode} number={load.customerMobileNumber} />
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
        <ContactCell
          name={load.dispatcherName}
          countryCode={load.dispatcherCountryCode}
          number={load.dispatcherMobileNumber}
        />
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        <RelativeTime at={load.createdAt} now={now} />
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        <RelativeTime at={load.updatedAt} now={now} />
      </TableCell>
      <TableCell>
        {onDelete ? (
          <RowActions
            edit={{ to: '/$orgSlug/loads/edit/$id', params: { orgSlug, id: load.id } }}
            editTitle={`Edit the load ${route}`}
            deleteTitle={`Delete the load ${route}`}
            onDelete={() => onDelete(load)}
          />
        ) : null}
      </TableCell>
    </TableRow>
  );
}

export interface LoadsTableProps {
  loads: Load[];
  search: LoadsSearch;
  orgSlug: string;
  now: Date;
  onDelete: ((load: Load) => void) | null;
}

export function LoadsTable({ loads, search, orgSlug, now, onDelete }: LoadsTableProps) {
  const sorting = { search, nextSort: nextLoadsSort, from: '/$orgSlug/loads/' } as const;
  return (
    <BoardTable
      caption="Loads posted by your organization"
      heads={
        <>
          <TableHead>Route</TableHead>
          <TableHead>Trailer type</TableHead>
          <TableHead>Product</TableHead>
          <TableHead>Rate for Titan</TableHead>
          <TableHead>Rate for carrier</TableHead>
          <TableHead>Customer</TableHead>
          <SortableHead {...sorting} label="Availability date" orderBy="availableDate" />
          <TableHead>Dispatcher</TableHead>
          <SortableHead {...sorting} label="Posted" orderBy="createdAt" />
          <SortableHead {...sorting} label="Updated" orderBy="updatedAt" />
        </>
      }
    >
      {loads.map((load) => (
        <LoadRow key={load.id} load={load} orgSlug={orgSlug} now={now} onDelete={onDelete} />
      ))}
    </BoardTable>
  );
}
