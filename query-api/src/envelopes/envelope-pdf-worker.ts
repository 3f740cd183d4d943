import type { EnvelopeHistoryEntry, EnvelopeRecord } from './envelope-history.ts';
import { envelopePdf } from './envelope-pdf.ts';

/** Renders an envelope's document on the document thread (see kept-documents.ts). */
export default function renderEnvelopePdf(input: {
  record: EnvelopeRecord;
  history: EnvelopeHistoryEntry[];
}): Promise<Uint8Array> {
  return envelopePdf(input.record, input.history);
}
