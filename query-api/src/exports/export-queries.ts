import type { Readable } from 'node:stream';
import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireOrganization, requireSignPro } from '@dispatch/auth';
import {
  ENVELOPE_CSV_HEADER,
  envelopeCsvColumns,
  envelopeExportQuerySchema,
  LOAD_CSV_HEADER,
  loadExportCsvColumns,
  loadExportCsvColumnsWithMargin,
  loadExportQuerySchema,
  RADIUS_CSV_HEADER_START,
  type RadiusSearchQuery,
  radiusExportQuerySchema,
  radiusLoadExportCsvColumns,
  radiusTruckExportCsvColumns,
  TRUCK_CSV_HEADER,
  truckExportCsvColumns,
  truckExportQuerySchema,
} from '@dispatch/domain';
import { answers, binaryAnswer, type RoutesPlugin } from '@dispatch/http';
import {
  type EnvelopeDocument,
  type LoadDocument,
  listHistories,
  type TruckDocument,
} from '@dispatch/read-models';
import type { DocumentStore, EventStore, Filter } from '@dispatch/storage';
import type { FastifyReply } from 'fastify';
import { type AsOfMoment, resolveAsOf } from '../as-of/moment.ts';
import { envelopeFilter, toEnvelope } from '../envelopes/envelopes-page.ts';
import { expiryMoment, liveFilter, liveLists, type PostingExpiryOptions } from '../lists/live-postings.ts';
import { postingSort } from '../lists/posting-filter.ts';
import { loadListFilter, toLoad } from '../loads/loads-page.ts';
import { refuseMarginQuery, seesMargin } from '../loads/margin-visibility.ts';
import { radiusSearch } from '../radius/radius-queries.ts';
import { toTruck, truckListFilter } from '../trucks/trucks-page.ts';
import { type Creator, creatorsOf } from './creators.ts';
import { csvStream, EXPORT_PAGE, exportFileName, fileNamePart, listRows } from './csv-stream.ts';

/** Sends a CSV file as a download. */
/** A live export leaves out the postings past their expiry moment, as the board does; as of a moment, the list then. */
const exportedFilter = (
  documents: DocumentStore,
  collection: string,
  orgId: string,
  filter: Filter,
  asOf: AsOfMoment | null,
  options: PostingExpiryOptions,
) => (asOf ? filter : liveFilter(documents, collection, orgId, filter, expiryMoment(options)));

function sendCsv(reply: FastifyReply, fileName: string, body: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

async function* mapRows<T, R>(rows: AsyncIterable<T>, map: (row: T) => R): AsyncGenerator<R> {
  for await (const row of rows) yield map(row);
}

/** A posting's record with its creator's name and e-mail after its own fields (see creatorsOf). */
const withCreator =
  <T, R extends { createdBy?: unknown }>(creator: (userId: unknown) => Creator, map: (row: T) => R) =>
  (row: T): R & Creator => {
    const record = map(row);
    return { ...record, ...creator(record.createdBy) };
  };

/** Every result of a radius search, nearest first, page by page, each with its distance and direction. */
async function* radiusRecords(
  documents: DocumentStore,
  orgId: string,
  query: Omit<RadiusSearchQuery, 'limit' | 'page'>,
  asOf: AsOfMoment | null,
  expiryAt: Date | null,
): AsyncGenerator<Record<string, unknown>> {
  for (let page = 0; ; page++) {
    const answer = await radiusSearch(
      documents,
      orgId,
      { ...query, limit: EXPORT_PAGE, page },
      asOf,
      expiryAt,
    );
    for (const item of answer.data) {
      const posting = 'truck' in item ? item.truck : item.load;
      yield { distanceMiles: item.distance, directionFromCity: item.direction, ...posting };
    }
    if (answer.data.length < EXPORT_PAGE) return;
  }
}

/**
 * The lists as CSV files, with the list's own parameters (paging aside) and `asOf`: every row that
 * matches, in the list's order, streamed page by page. The columns are the records' field names, so
 * an exported trucks or loads file imports back; a posting's export adds its creator's name and e-mail
 * after them (createdByName, createdByEmail: columns an import ignores). The organization is the session's, as everywhere;
 * the envelopes' export is sign-pro's, as their list.
 */
export function exportQueries(
  options: {
    documents: DocumentStore;
    auth: AuthService;
    eventStore: EventStore;
  } & PostingExpiryOptions,
): RoutesPlugin {
  const { documents, auth, eventStore } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireOrganization));
    app.get(
      '/api/v1/trucks/export.csv',
      answers({ 200: binaryAnswer('text/csv', TRUCK_CSV_HEADER) }, { querystring: truckExportQuerySchema }),
      async (request, reply) => {
        const { orgId } = await requireOrganization(auth, request);
        const query = request.query;
        const asOf = await resolveAsOf(eventStore, orgId, query.asOf);
        const creator = await creatorsOf(documents, orgId);
        const rows = listRows<TruckDocument>(documents, {
          history: listHistories.trucks,
          filter: await exportedFilter(
            documents,
            liveLists.trucks,
            orgId,
            truckListFilter(query, orgId),
            asOf,
            options,
          ),
          sort: postingSort(query),
          asOf,
        });
        return sendCsv(
          reply,
          exportFileName('trucks', asOf),
          csvStream(truckExportCsvColumns, mapRows(rows, withCreator(creator, toTruck))),
        );
      },
    );

    app.get(
      '/api/v1/loads/export.csv',
      answers({ 200: binaryAnswer('text/csv', LOAD_CSV_HEADER) }, { querystring: loadExportQuerySchema }),
      async (request, reply) => {
        const actor = await requireOrganization(auth, request);
        const { orgId } = actor;
        const query = request.query;
        refuseMarginQuery(actor, query);
        const asOf = await resolveAsOf(eventStore, orgId, query.asOf);
        const creator = await creatorsOf(documents, orgId);
        const rows = listRows<LoadDocument>(documents, {
          history: listHistories.loads,
          filter: await exportedFilter(
            documents,
            liveLists.loads,
            orgId,
            loadListFilter(query, orgId),
            asOf,
            options,
          ),
          sort: postingSort(query),
          asOf,
        });
        return sendCsv(
          reply,
          exportFileName('loads', asOf),
          csvStream(
            seesMargin(actor) ? loadExportCsvColumnsWithMargin : loadExportCsvColumns,
            mapRows(rows, withCreator(creator, toLoad)),
          ),
        );
      },
    );

    app.get(
      '/api/v1/radius-search/export.csv',
      answers(
        { 200: binaryAnswer('text/csv', RADIUS_CSV_HEADER_START) },
        { querystring: radiusExportQuerySchema },
      ),
      async (request, reply) => {
        const { orgId } = await requireOrganization(auth, request);
        const query = request.query;
        const asOf = await resolveAsOf(eventStore, orgId, query.asOf);
        // The first page is read before answering, so an unknown city is a 400 like the search's.
        const records = radiusRecords(documents, orgId, query, asOf, expiryMoment(options));
        const first = await records.next();
        const creator = await creatorsOf(documents, orgId);
        async function* all() {
          if (first.done) return;
          yield first.value;
          yield* records;
        }
        const columns =
          query.searchType === 'trucks' ? radiusTruckExportCsvColumns : radiusLoadExportCsvColumns;
        const around =
          query.searchType === 'loads' && query.around === 'destination' ? '-by-destination' : '';
        const name = `radius-${query.searchType}${around}-${fileNamePart(query.city)}-${query.state.toLowerCase()}-${query.radius}mi`;
        return sendCsv(
          reply,
          exportFileName(name, asOf),
          csvStream(
            columns,
            mapRows(
              all(),
              withCreator(creator, (row) => row),
            ),
          ),
        );
      },
    );

    app.get(
      '/api/v1/envelopes/export.csv',
      {
        ...answers(
          { 200: binaryAnswer('text/csv', ENVELOPE_CSV_HEADER) },
          { querystring: envelopeExportQuerySchema },
        ),
        preValidation: callerFirst(auth, requireSignPro),
      },
      async (request, reply) => {
        const { orgId } = await requireSignPro(auth, request);
        const query = request.query;
        const asOf = await resolveAsOf(eventStore, orgId, query.asOf);
        const rows = listRows<EnvelopeDocument>(documents, {
          history: listHistories.envelopes,
          filter: envelopeFilter({ ...query, limit: EXPORT_PAGE, page: 1 }, orgId),
          sort: [{ field: query.orderBy, direction: query.sort }],
          asOf,
        });
        const name = query.type ? `${query.type}-envelopes` : 'envelopes';
        return sendCsv(
          reply,
          exportFileName(name, asOf),
          csvStream(envelopeCsvColumns, mapRows(rows, toEnvelope)),
        );
      },
    );
  };
}
