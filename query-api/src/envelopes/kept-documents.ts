import { DEFAULT_TIME_ZONE } from '@dispatch/domain';
import { collections, type OrganizationDocument } from '@dispatch/read-models';
import type { Document, DocumentStore } from '@dispatch/storage';
import { Piscina } from 'piscina';
import { type EnvelopeRecord, envelopeHistory } from './envelope-history.ts';

/** Each envelope's document as last rendered, and the stream revision it was rendered at. */
export const keptDocumentsCollection = 'envelope_documents_v1';

interface KeptDocument extends Document {
  orgId: string;
  /** The envelope stream's revision the document shows (its last event's). */
  revision: string;
  /** The organization's time zone its times are written in (absent: rendered before it was kept). */
  timeZone?: string;
  /** The PDF, base64-encoded. */
  pdf: string;
}

let pool: Piscina | undefined;
/**
 * One thread renders documents (pdf-lib and font subsetting), so the server's own thread never does.
 * It is started with the server (see startDocumentPool) and kept, with its fonts read.
 */
const documentPool = () => {
  pool ??= new Piscina({
    filename: new URL('./envelope-pdf-worker.ts', import.meta.url).href,
    minThreads: 1,
    maxThreads: 1,
  });
  return pool;
};

/** Starts the document thread (the server listening), so the first download finds it ready. */
export function startDocumentPool(): void {
  documentPool();
}

/** Ends the document thread (the server closing). */
export async function closeDocumentPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}

/** How many documents this process has rendered (each download of a kept one renders none). */
export const documentRenders = { count: 0 };

/** Renders of the same envelope at the same revision under way, shared by concurrent downloads. */
const rendering = new Map<string, Promise<Uint8Array>>();

/**
 * The envelope's document as a PDF: the kept copy when it shows the stream's last event, otherwise
 * rendered once on the document thread and kept (a later event makes the next download render anew).
 */
export async function keptEnvelopePdf(
  documents: DocumentStore,
  orgId: string,
  record: EnvelopeRecord,
): Promise<Uint8Array> {
  const envelopeId = record.sent.envelopeId;
  const last = record.events.at(-1);
  if (!last) throw new Error(`envelope ${envelopeId} has no events`);
  const revision = String(last.revision);
  const [kept, organization] = await Promise.all([
    documents.get<KeptDocument>(keptDocumentsCollection, envelopeId),
    documents.get<OrganizationDocument>(collections.organizations, orgId),
  ]);
  const timeZone = organization?.timeZone ?? DEFAULT_TIME_ZONE;
  if (kept && kept.orgId === orgId && kept.revision === revision && kept.timeZone === timeZone)
    return Buffer.from(kept.pdf, 'base64');

  const key = `${envelopeId}@${revision}@${timeZone}`;
  let render = rendering.get(key);
  if (!render) {
    render = (async () => {
      const history = await envelopeHistory(documents, orgId, record);
      documentRenders.count++;
      const pdf: Uint8Array = await documentPool().run({ record, history, timeZone });
      await documents.write([
        {
          op: 'put',
          collection: keptDocumentsCollection,
          document: { id: envelopeId, orgId, revision, timeZone, pdf: Buffer.from(pdf).toString('base64') },
          position: last.position,
        },
      ]);
      return pdf;
    })().finally(() => rendering.delete(key));
    rendering.set(key, render);
  }
  return render;
}
