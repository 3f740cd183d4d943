import {
  CSV_IMPORT_BODY_MAX_BYTES,
  CSV_IMPORT_ROWS_MAX,
  type CsvImportKind,
  csvImportFields,
  csvRequiredFields,
} from '@dispatch/domain';
import { CircleAlert, FileUp } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { buttonClassName } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { cn } from '../../../../lib/cn';
import { megabytes, nouns } from './import-wording';

/** The file to import: the picker, the columns it may have, and why a file was refused. */
export function FileUpload({
  kind,
  inputId,
  inputKey,
  fileName,
  checking,
  problem,
  onPick,
}: {
  kind: CsvImportKind;
  inputId: string;
  /** A new key empties the picker. */
  inputKey: number;
  fileName: string | undefined;
  /** The server is checking the rows. */
  checking: boolean;
  problem: string | null;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const required = csvRequiredFields(kind);
  const optional = csvImportFields(kind).filter((field) => !required.includes(field));
  return (
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
            onChange={onPick}
          />
        </label>
        {fileName ? <span className="min-w-0 break-all text-sm">{fileName}</span> : null}
        {checking ? <Spinner label="Checking the rows" /> : null}
      </div>
      <div className="flex flex-col gap-1.5 text-sm text-muted-foreground">
        <p>
          The first line names the columns, as the board's Export CSV writes them (a file it exported imports
          as it is). Columns the {nouns[kind].singular} form does not take (id, createdBy, createdAt…) are
          ignored. At most {CSV_IMPORT_ROWS_MAX.toLocaleString('en-US')} rows and{' '}
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
  );
}
