import type { EnvelopeHistoryEntry, EnvelopeRecord } from './envelope-history.ts';
import { envelopePdf } from './envelope-pdf.ts';
import { readCommonFonts } from './pdf-fonts.ts';

// Read as the thread starts (with the server), not on the first download.
readCommonFonts();

/** Renders an envelope's document on the document thread (see kept-documents.ts). */
export default function renderEnvelopePdf(input: {
  record: EnvelopeRecord;
  history: EnvelopeHistoryEntry[];
  timeZone: string;
}): Promise<Uint8Array> {
  return envelopePdf(input.record, input.history, input.timeZone);
}
