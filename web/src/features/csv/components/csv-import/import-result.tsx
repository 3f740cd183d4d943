import type { CsvImportAnswer, CsvImportKind } from '@dispatch/domain';
import { Link } from '@tanstack/react-router';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { cn } from '../../../../lib/cn';
import { FieldMessages } from './field-messages';
import { count, nouns, SHOWN_ROWS } from './import-wording';

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

/** What the import did: posted, already imported, invalid; back to the board or another file. */
export function ImportSummary({
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
