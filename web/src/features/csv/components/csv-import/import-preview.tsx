import type { CsvImportKind, CsvPreviewAnswer, CsvPreviewRow } from '@dispatch/domain';
import { Upload } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { count, SHOWN_ROWS } from './import-wording';
import { PreviewTable } from './preview-table';

/** The checked file: its counts, the rows (all, or only the invalid ones), and posting the valid ones. */
export function ImportPreview({
  kind,
  checked,
  rows,
  onlyInvalid,
  onToggleInvalid,
  posting,
  onImport,
}: {
  kind: CsvImportKind;
  checked: CsvPreviewAnswer;
  /** The rows shown: every row, or only the invalid ones. */
  rows: CsvPreviewRow[];
  onlyInvalid: boolean;
  onToggleInvalid: () => void;
  /** The valid rows are being posted. */
  posting: boolean;
  onImport: () => void;
}) {
  return (
    <section className="flex min-w-0 flex-col gap-3" aria-labelledby="import-preview">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="import-preview" className="text-base font-semibold" data-testid="preview-counts">
          {count(checked.rows.length, 'row')}: {checked.validCount.toLocaleString('en-US')} valid,{' '}
          {checked.invalidCount.toLocaleString('en-US')} invalid
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {checked.invalidCount ? (
            <Button variant="outline" size="sm" onClick={onToggleInvalid}>
              {onlyInvalid ? 'Show every row' : 'Show only invalid rows'}
            </Button>
          ) : null}
          <Button onClick={onImport} disabled={checked.validCount === 0 || posting}>
            {posting ? <Spinner decorative /> : <Upload aria-hidden />}
            Post {count(checked.validCount, 'valid row')}
          </Button>
        </div>
      </div>
      {checked.invalidCount ? (
        <p className="text-sm text-muted-foreground">
          Invalid rows are not posted; fix them in the file and import it again: the rows already posted are
          not posted twice.
        </p>
      ) : null}
      {checked.onBoardCount ? (
        <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="preview-on-board">
          {count(checked.onBoardCount, 'row is', 'rows are')} already on the board: a row whose id names one
          of its postings is not posted again; a row that only holds the same values is posted as a new
          posting.
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
  );
}
