import {
  CSV_IMPORT_BODY_MAX_BYTES,
  CSV_TOO_LARGE_MESSAGE,
  type CsvImportAnswer,
  type CsvImportKind,
  type CsvPreviewAnswer,
} from '@dispatch/domain';
import { Link } from '@tanstack/react-router';
import { type ChangeEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { usePreviewCsvImport, useRunCsvImport } from '../../api/csv-import';
import { FileUpload } from './file-upload';
import { ImportPreview } from './import-preview';
import { ImportSummary } from './import-result';
import { bodyBytes, count, megabytes, nouns, refusalOf } from './import-wording';

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
        <FileUpload
          kind={kind}
          inputId={inputId}
          inputKey={inputKey}
          fileName={file?.name}
          checking={preview.isPending}
          problem={problem}
          onPick={(event) => void onPick(event)}
        />
      )}

      {checked && !result ? (
        <ImportPreview
          kind={kind}
          checked={checked}
          rows={rows}
          onlyInvalid={onlyInvalid}
          onToggleInvalid={() => setOnlyInvalid((only) => !only)}
          posting={runImport.isPending}
          onImport={onImport}
        />
      ) : null}
    </div>
  );
}
