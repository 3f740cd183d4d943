import type { CsvImportKind } from '@dispatch/domain';
import { isApiError } from '../../../../lib/api-client';

/** How many preview rows the table shows at once (a file may hold 10,000). */
export const SHOWN_ROWS = 500;

export const nouns: Record<CsvImportKind, { plural: string; singular: string }> = {
  trucks: { plural: 'trucks', singular: 'truck' },
  loads: { plural: 'loads', singular: 'load' },
};

export const count = (n: number, singular: string, plural = `${singular}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;

export const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** The bytes the file takes inside the request's JSON body (quotes and line breaks are escaped there). */
export const bodyBytes = (csv: string) => new Blob([JSON.stringify({ csv })]).size;

/** Why the server refused the whole file, in its own words. */
export function refusalOf(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : 'The file could not be read';
  return error.fieldErrors.csv?.[0] ?? error.fieldErrors.body?.[0] ?? error.message;
}
