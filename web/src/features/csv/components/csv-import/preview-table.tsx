import {
  ALREADY_ON_BOARD_MESSAGE,
  type CsvImportKind,
  type CsvPreviewRow,
  isRealIsoDate,
  productLabels,
  trailerTypeLabels,
} from '@dispatch/domain';
import { CircleAlert, CircleCheck, Copy } from 'lucide-react';
import { cn } from '../../../../lib/cn';
import { formatCalendarDay } from '../../../../lib/dates';
import { FieldMessages } from './field-messages';

const label = (record: Record<string, string>, field: string) => record[field]?.trim() ?? '';
const enumLabel = (labels: Record<string, string>, value: string) => labels[value] ?? value;
/** A date as the board shows it, or as the file has it when it is no date. */
const dayOf = (value: string) => (isRealIsoDate(value) ? formatCalendarDay(value) : value);

/** A row in a few words: what it is, where, when. */
function rowSummary(kind: CsvImportKind, values: Record<string, string>): string {
  const parts =
    kind === 'trucks'
      ? [
          label(values, 'truckName'),
          enumLabel(trailerTypeLabels, label(values, 'trailerType')),
          [label(values, 'truckCity'), label(values, 'truckState')].filter(Boolean).join(', '),
          dayOf(label(values, 'availabilityDate')),
        ]
      : [
          `${[label(values, 'originCity'), label(values, 'originState')].filter(Boolean).join(', ')} → ${[
            label(values, 'destinationCity'),
            label(values, 'destinationState'),
          ]
            .filter(Boolean)
            .join(', ')}`,
          enumLabel(productLabels, label(values, 'product')),
          enumLabel(trailerTypeLabels, label(values, 'trailerType')),
          dayOf(label(values, 'availabilityDate')),
        ];
  return parts.filter((part) => part && part !== ' → ').join(' · ') || '(empty row)';
}

/** A row that is a posting already on the board: which one, and whether the import posts it again. */
function OnBoard({ onBoard }: { onBoard: NonNullable<CsvPreviewRow['onBoard']> }) {
  return (
    <span
      className="inline-flex items-center gap-1.5 font-medium text-amber-700 dark:text-amber-300"
      data-on-board={onBoard.by}
    >
      <Copy className="size-4 shrink-0" aria-hidden />
      {ALREADY_ON_BOARD_MESSAGE} (#{onBoard.id}){onBoard.by === 'id' ? ': not posted again' : ''}
    </span>
  );
}

function RowCheck({ row }: { row: CsvPreviewRow }) {
  return row.valid ? (
    <div className="flex flex-col gap-1">
      <span className="inline-flex items-center gap-1.5 font-medium text-success">
        <CircleCheck className="size-4 shrink-0" aria-hidden />
        Valid
      </span>
      {row.onBoard ? <OnBoard onBoard={row.onBoard} /> : null}
    </div>
  ) : (
    <div className="flex min-w-0 items-start gap-1.5">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <FieldMessages errors={row.errors} />
    </div>
  );
}

/** The rows, each with its check: beside it from sm up, below it on a phone (the rows are grids there). */
export function PreviewTable({ kind, rows }: { kind: CsvImportKind; rows: CsvPreviewRow[] }) {
  return (
    <table className="w-full border-collapse text-sm max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:block max-sm:[&_tr]:grid max-sm:[&_tr]:grid-cols-[2.75rem_minmax(0,1fr)]">
      <caption className="sr-only">The rows of the file, each checked</caption>
      <thead className="bg-muted/60">
        <tr className="border-b border-border">
          <th scope="col" className="w-14 px-3 py-2 text-left text-xs font-medium text-muted-foreground">
            Line
          </th>
          <th scope="col" className="px-3 py-2 text-left text-xs font-medium text-muted-foreground">
            Row
          </th>
          <th
            scope="col"
            className="px-3 py-2 text-left text-xs font-medium text-muted-foreground max-sm:hidden"
          >
            Check
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.line}
            data-valid={row.valid}
            className={cn(
              'border-b border-border align-top last:border-0',
              row.valid ? 'bg-success/10' : 'bg-destructive/10',
            )}
          >
            <td className="px-3 py-2 tabular-nums text-muted-foreground">{row.line}</td>
            <td className="min-w-0 px-3 py-2 break-words">{rowSummary(kind, row.values)}</td>
            <td className="min-w-0 px-3 py-2 max-sm:col-start-2 max-sm:pt-0">
              <RowCheck row={row} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
