import type { RouteEntry } from './app.ts';

/** What a route's body carries: a drawn signature (a PNG data URL) or a CSV file's text. */
export type UploadKind = 'image' | 'csv';

/**
 * Every route whose body carries a file or an image, by method and path, with its kind and the field
 * that carries it. The upload matrix sends each one oversized and hostile inputs; a route the app
 * serves that looks like it takes one (see takesUpload) and is not listed here fails that matrix.
 */
export const uploadRoutes: Record<string, { kind: UploadKind; field: string }> = {
  'POST /api/v1/signing/:token/sign': { kind: 'image', field: 'signature' },
  'POST /api/v1/trucks/import/preview': { kind: 'csv', field: 'csv' },
  'POST /api/v1/trucks/import': { kind: 'csv', field: 'csv' },
  'POST /api/v1/loads/import/preview': { kind: 'csv', field: 'csv' },
  'POST /api/v1/loads/import': { kind: 'csv', field: 'csv' },
};

/** Path words that name a file or an image being sent. */
const UPLOAD_PATH =
  /\/(sign|import|upload|uploads|file|files|image|images|photo|photos|avatar|logo|attachment|attachments|document-upload)(\/|$)/;

/** A route that, by its path, takes a file or an image in its body. */
export const takesUpload = (route: RouteEntry) => route.method !== 'GET' && UPLOAD_PATH.test(route.url);
