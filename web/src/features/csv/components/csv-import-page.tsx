import {
  CSV_IMPORT_BODY_MAX_BYTES,
  CSV_IMPORT_ROWS_MAX,
  CSV_TOO_LARGE_MESSAGE,
  type CsvImportAnswer,
  type CsvImportKind,
  type CsvPreviewAnswer,
  type CsvPreviewRow,
  csvImportFields,
  csvRequiredFields,
  isRealIsoDate,
  productLabels,
  trailerTypeLabels,
} from '@dispatch/domain';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, FileUp, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCalendarDay } from '../../../lib/dates';
import { usePreviewCsvImport, useRunCsvImport } from '../api/csv-import';

/** How many preview rows the table shows at once (a file may hold 10,000). */
const SHOWN_ROWS = 500;

const nouns: Record<CsvImportKind, { plural: string; singular: string }> = {
  trucks: { plural: 'trucks', singular: 'truck' },
  loads: { plural: 'loads', singular: 'load' },
};

const count = (n: number, singular: string, plural = `${singular}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** The bytes the file takes inside the request's JSON body (quotes and line breaks are escaped there). */
const bodyBytes = (csv: string) => new Blob([JSON.stringify({ csv })]).size;

/** Why the server refused the whole file, in its own words. */
function refusalOf(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : 'The file could not be read';
  return error.fieldErrors.csv?.[0] ?? error.fieldErrors.body?.[0] ?? error.message;
}

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

function FieldMessages({ errors }: { errors: Record<string, string[]> }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {Object.entries(errors).flatMap(([field, messages]) =>
        messages.map((message) => (
          <li key={`${field}:${message}`} className="break-words">
            <span className="font-mono text-xs text-muted-foreground">{field}</span>{' '}
            <span className="text-destructive">{message}</span>
          </li>
        )),
      )}
    </ul>
  );
}

function RowCheck({ row }: { row: CsvPreviewRow }) {
  return row.valid ? (
    <span className="inline-flex items-center gap-1.5 font-medium text-success">
      <CircleCheck className="size-4 shrink-0" aria-hidden />
      Valid
    </span>
  ) : (
    <div className="flex min-w-0 items-start gap-1.5">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <FieldMessages errors={row.errors} />
    </div>
  );
}

/** The rows, each with its check: beside it from sm up, below it on a phone (the rows are grids there). */
function PreviewTable({ kind, rows }: { kind: CsvImportKind; rows: CsvPreviewRow[] }) {
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

function Figure({
  value,
  label: text,
  tone,
}: {
  value: number;
  label: string;
  tone: 'good' | 'plain' | 'bad';
}) {
  return (
    <div className="flex flex-col rounded-lg border border-border px-4 py-3">
      <span
        className={cn(
          'text-2xl font-semibold tabular-nums',
          tone === 'good' && value > 0 && 'text-success',
          tone === 'bad' && value > 0 && 'text-destructive',
        )}
      >
        {value.toLocaleString('en-US')}
      </span>
      <span className="text-sm text-muted-foreground">{text}</span>
    </div>
  );
}

function ImportSummary({
  kind,
  result,
  orgSlug,
  onAnother,
}: {
  kind: CsvImportKind;
  result: CsvImportAnswer;
  orgSlug: string;
  onAnother: () => void;
}) {
  const { plural } = nouns[kind];
  return (
    <Card className="flex flex-col gap-4 p-5" aria-labelledby="import-summary">
      <h2 id="import-summary" className="text-base font-semibold">
        Import finished
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="import-summary">
        <Figure value={result.posted.length} label="Posted" tone="good" />
        <Figure value={result.skipped.length} label="Already imported" tone="plain" />
        <Figure value={result.invalid.length} label="Invalid, not posted" tone="bad" />
      </div>
      {result.skipped.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">
            Already imported: {count(result.skipped.length, 'row')}
          </summary>
          <ul className="mt-2 flex flex-col gap-1">
            {result.skipped.slice(0, SHOWN_ROWS).map((row) => (
              <li key={row.line}>
                Line {row.line}: {row.reason} ({nouns[kind].singular} {row.id})
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {result.invalid.length ? (
        <div className="text-sm">
          <h3 className="mb-1 font-medium">Invalid rows (nothing was posted for them)</h3>
          <ul className="flex flex-col gap-2">
            {result.invalid.slice(0, SHOWN_ROWS).map((row) => (
              <li key={row.line} className="rounded-md bg-destructive/10 px-3 py-2">
                <span className="font-medium">Line {row.line}</span>
                <FieldMessages errors={row.errors} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={kind === 'trucks' ? '/$orgSlug/trucks' : '/$orgSlug/loads'} params={{ orgSlug }}>
            Back to the {plural} board
          </Link>
        </Button>
        <Button variant="outline" onClick={onAnother}>
          Import another file
        </Button>
      </div>
    </Card>
  );
}

/**
 * Posting many trucks or loads from a CSV file: the file is read in the browser, every row is checked
 * by the server with the post form's rules (the spec's messages, per field), and the valid rows are
 * posted, each once: a file imported twice posts nothing the second time.
 */
export function CsvImportPage({ kind, orgSlug }: { kind: CsvImportKind; orgSlug: string }) {
  const { plural } = nouns[kind];
  const inputId = useId();
  const preview = usePreviewCsvImport(kind);
  const runImport = useRunCsvImport(kind);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const [result, setResult] = useState<CsvImportAnswer | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setResult(null);
    setOnlyInvalid(false);
    preview.reset();
    runImport.reset();
    setInputKey((key) => key + 1);
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    if (!picked) return;
    setProblem(null);
    setResult(null);
    setOnlyInvalid(false);
    preview.reset();
    runImport.reset();
    setFile(null);
    if (picked.size > CSV_IMPORT_BODY_MAX_BYTES) {
      setProblem(`${CSV_TOO_LARGE_MESSAGE} (${picked.name} is ${megabytes(picked.size)}).`);
      return;
    }
    const text = await picked.text();
    if (bodyBytes(text) > CSV_IMPORT_BODY_MAX_BYTES) {
      setProblem(`${CSV_TOO_LARGE_MESSAGE} (${picked.name} takes ${megabytes(bodyBytes(text))} once sent).`);
      return;
    }
    setFile({ name: picked.name, text });
    preview.mutate(text, { onError: (error) => setProblem(refusalOf(error)) });
  };

  const onImport = () => {
    if (!file) return;
    runImport.mutate(file.text, {
      onSuccess: (answer) => {
        setResult(answer);
        toast.success(
          answer.posted.length
            ? `${count(answer.posted.length, nouns[kind].singular)} posted`
            : `Nothing new to post`,
        );
      },
      onError: (error) => setProblem(refusalOf(error)),
    });
  };

  const checked: CsvPreviewAnswer | undefined = preview.data;
  const rows = checked ? (onlyInvalid ? checked.rows.filter((row) => !row.valid) : checked.rows) : [];
  const required = csvRequiredFields(kind);
  const optional = csvImportFields(kind).filter((field) => !required.includes(field));

  return (
    <div className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Import {plural}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Post many {plural} at once from a CSV file. Check the rows first, then post the valid ones.
          </p>
        </div>
        <Button variant="ghost" asChild>
          <Link to={kind === 'trucks' ? '/$orgSlug/trucks' : '/$orgSlug/loads'} params={{ orgSlug }}>
            Back to the board
          </Link>
        </Button>
      </header>

      {result ? (
        <ImportSummary kind={kind} result={result} orgSlug={orgSlug} onAnother={reset} />
      ) : (
        <Card className="flex flex-col gap-4 p-5">
          <div className="flex flex-wrap items-center gap-3">
            <label
              htmlFor={inputId}
              className={cn(
                buttonClassName('primary'),
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
              )}
            >
              <FileUp aria-hidden />
              Choose a CSV file
              <input
                key={inputKey}
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                onChange={(event) => void onPick(event)}
              />
            </label>
            {file ? <span className="min-w-0 break-all text-sm">{file.name}</span> : null}
            {preview.isPending ? <Spinner label="Checking the rows" /> : null}
          </div>
          <div className="flex flex-col gap-1.5 text-sm text-muted-foreground">
            <p>
              The first line names the columns, as the board's Export CSV writes them (a file it exported
              imports as it is). Columns the {nouns[kind].singular} form does not take (id, createdBy,
              createdAt…) are ignored. At most {CSV_IMPORT_ROWS_MAX.toLocaleString('en-US')} rows and{' '}
              {megabytes(CSV_IMPORT_BODY_MAX_BYTES)} a file.
            </p>
            <p className="break-words">
              Required: <span className="font-mono text-xs">{required.join(', ')}</span>
            </p>
            <p className="break-words">
              Optional: <span className="font-mono text-xs">{optional.join(', ')}</span>
            </p>
          </div>
          {problem ? (
            <p role="alert" className="flex items-start gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm">
              <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
              <span className="min-w-0 break-words">{problem}</span>
            </p>
          ) : null}
        </Card>
      )}

      {checked && !result ? (
        <section className="flex min-w-0 flex-col gap-3" aria-labelledby="import-preview">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="import-preview" className="text-base font-semibold" data-testid="preview-counts">
              {count(checked.rows.length, 'row')}: {checked.validCount.toLocaleString('en-US')} valid,{' '}
              {checked.invalidCount.toLocaleString('en-US')} invalid
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              {checked.invalidCount ? (
                <Button variant="outline" size="sm" onClick={() => setOnlyInvalid((only) => !only)}>
                  {onlyInvalid ? 'Show every row' : 'Show only invalid rows'}
                </Button>
              ) : null}
              <Button onClick={onImport} disabled={checked.validCount === 0 || runImport.isPending}>
                {runImport.isPending ? <Spinner decorative /> : <Upload aria-hidden />}
                Post {count(checked.validCount, 'valid row')}
              </Button>
            </div>
          </div>
          {checked.invalidCount ? (
            <p className="text-sm text-muted-foreground">
              Invalid rows are not posted; fix them in the file and import it again: the rows already posted
              are not posted twice.
            </p>
          ) : null}
          <Card className="min-w-0 overflow-hidden">
            <PreviewTable kind={kind} rows={rows.slice(0, SHOWN_ROWS)} />
          </Card>
          {rows.length > SHOWN_ROWS ? (
            <p className="text-sm text-muted-foreground">
              Showing the first {SHOWN_ROWS} of {count(rows.length, 'row')}.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
