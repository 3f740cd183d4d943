import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireEnvelopes } from '@dispatch/auth';
import {
  ENVELOPE_NOT_FOUND,
  envelopeCountsAnswerSchema,
  envelopeCountsQuerySchema,
  envelopeIdParams,
  envelopeListQuerySchema,
  envelopeOneAnswerSchema,
  envelopesPageAnswerSchema,
  historyAnswerSchema,
  notFound,
} from '@dispatch/domain';
import { answers, binaryAnswer, openToKeys, type RoutesPlugin } from '@dispatch/http';
import { collections, type EnvelopeDocument } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { resolveAsOf } from '../as-of/moment.ts';
import { documentFileName } from './document-file-name.ts';
import { envelopeHistory, readEnvelope } from './envelope-history.ts';
import { envelopeCounts, envelopesPage, toEnvelope } from './envelopes-page.ts';
import {
  closeDocumentPool,
  keptDocumentsCollection,
  keptEnvelopePdf,
  startDocumentPool,
} from './kept-documents.ts';

/**
 * The sender's side of sign-pro: the envelopes list and its counts, one envelope, its history and
 * its document as a PDF. Owners, admins and Member+ only; another organization's envelope is answered
 * exactly like a missing one. The list, the counts and one envelope come from the read models; the
 * history and the document from the envelope's stream, which holds what was sent, signed and by whom.
 */
export function envelopeQueries(options: {
  documents: DocumentStore;
  eventStore: EventStore;
  auth: AuthService;
}): RoutesPlugin {
  const { documents, eventStore, auth } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireEnvelopes));
    await documents.ensureCollection({ name: keptDocumentsCollection, fields: {} });
    app.addHook('onListen', async () => startDocumentPool());
    app.addHook('onClose', closeDocumentPool);
    app.get(
      '/api/v1/envelopes',
      openToKeys(
        'envelopes',
        answers({ 200: envelopesPageAnswerSchema }, { querystring: envelopeListQuerySchema }),
      ),
      async (request) => {
        const { orgId } = await requireEnvelopes(auth, request);
        const query = request.query;
        return envelopesPage(documents, orgId, query, await resolveAsOf(eventStore, orgId, query.asOf));
      },
    );

    app.get(
      '/api/v1/envelopes/counts',
      openToKeys(
        'envelopes',
        answers({ 200: envelopeCountsAnswerSchema }, { querystring: envelopeCountsQuerySchema }),
      ),
      async (request) => {
        const { orgId } = await requireEnvelopes(auth, request);
        const { type, asOf } = request.query;
        return envelopeCounts(documents, orgId, type, await resolveAsOf(eventStore, orgId, asOf));
      },
    );

    app.get(
      '/api/v1/envelopes/:envelopeId',
      openToKeys('envelopes', answers({ 200: envelopeOneAnswerSchema }, { params: envelopeIdParams })),
      async (request) => {
        const { orgId } = await requireEnvelopes(auth, request);
        const { envelopeId } = request.params;
        const document = await documents.get<EnvelopeDocument>(collections.envelopes, envelopeId);
        if (!document || document.orgId !== orgId) throw notFound(ENVELOPE_NOT_FOUND);
        return { success: true, envelope: toEnvelope(document) };
      },
    );

    app.get(
      '/api/v1/envelopes/:envelopeId/history',
      openToKeys('envelopes', answers({ 200: historyAnswerSchema }, { params: envelopeIdParams })),
      async (request) => {
        const { orgId } = await requireEnvelopes(auth, request);
        const { envelopeId } = request.params;
        const record = await readEnvelope(eventStore, orgId, envelopeId);
        const history = await envelopeHistory(documents, orgId, record);
        return { success: true, data: history.map(({ client: _client, ...entry }) => entry) };
      },
    );

    app.get(
      '/api/v1/envelopes/:envelopeId/document',
      openToKeys(
        'envelopes',
        answers({ 200: binaryAnswer('application/pdf') }, { params: envelopeIdParams }),
      ),
      async (request, reply) => {
        const { orgId } = await requireEnvelopes(auth, request);
        const { envelopeId } = request.params;
        const record = await readEnvelope(eventStore, orgId, envelopeId);
        // Rendered once per revision of the envelope, off this thread; later downloads read the kept copy.
        const pdf = await keptEnvelopePdf(documents, orgId, record);
        const fileName = documentFileName(record.sent.templateId, record.sent.receiverName);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
      },
    );
  };
}
