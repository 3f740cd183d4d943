import {
  type CsvImportAnswer,
  type CsvImportKind,
  type CsvPreviewAnswer,
  csvImportAnswerSchema,
  csvPreviewAnswerSchema,
} from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateLoads } from '../../loads';
import { invalidateTrucks } from '../../trucks';

/** POST /api/v1/{trucks|loads}/import/preview: every row of the file checked; nothing is posted. */
export function previewCsvImport(kind: CsvImportKind, csv: string): Promise<CsvPreviewAnswer> {
  return request(`/api/v1/${kind}/import/preview`, {
    method: 'POST',
    body: { csv },
    answer: csvPreviewAnswerSchema,
  });
}

/** POST /api/v1/{trucks|loads}/import: the valid rows posted, each once; what became of every row. */
export function runCsvImport(kind: CsvImportKind, csv: string): Promise<CsvImportAnswer> {
  return request(`/api/v1/${kind}/import`, { method: 'POST', body: { csv }, answer: csvImportAnswerSchema });
}

export function usePreviewCsvImport(kind: CsvImportKind) {
  return useMutation({ mutationFn: (csv: string) => previewCsvImport(kind, csv) });
}

/** The import; the board's lists refetch after it (live notices would bring the rows too). */
export function useRunCsvImport(kind: CsvImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => runCsvImport(kind, csv),
    onSuccess: (answer) => {
      const ids = answer.posted.map((row) => row.id);
      void (kind === 'trucks' ? invalidateTrucks(queryClient, ids) : invalidateLoads(queryClient, ids));
    },
  });
}
