import { envelopeListQuerySchema } from '../envelopes/schemas.ts';
import { radiusSearchQuerySchema } from '../radius/schemas.ts';
import { loadListQuerySchema, truckListQuerySchema } from '../shared/list-query.ts';

/**
 * The CSV exports of the lists (GET /api/v1/{trucks|loads|radius-search|envelopes}/export.csv) take
 * exactly their list's parameters, `asOf` included, less the paging: an export holds every page.
 */
const withoutPaging = { limit: true, page: true } as const;

export const truckExportQuerySchema = truckListQuerySchema.omit(withoutPaging);
export const loadExportQuerySchema = loadListQuerySchema.omit(withoutPaging);
export const radiusExportQuerySchema = radiusSearchQuerySchema.omit(withoutPaging);
export const envelopeExportQuerySchema = envelopeListQuerySchema.omit(withoutPaging);

/** The list parameters an export link leaves out of a page's search. */
export const exportDroppedParams = ['limit', 'page'] as const;
