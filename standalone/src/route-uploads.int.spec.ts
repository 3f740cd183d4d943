import { join as joinPath } from 'node:path';
import { readOutbox } from '@dispatch/auth';
import { MAX_BODY_BYTES } from '@dispatch/http';
import { bombSignature, inflationBomb, paddedSignature, pngDataUrl } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithOrganization } from './organization-fixtures.ts';
import { apiRoutes, routeKey } from './route-samples.ts';
import { takesUpload, type UploadKind, uploadRoutes } from './route-uploads.ts';
import { startTestApp, type TestApp, validLoad, validTruck } from './test-support.ts';

/**
 * The upload matrix: every route that takes a file or an image (route-uploads.ts) is sent inputs just
 * past its limits and inputs made to expand once read. Each is refused with a 4xx on the field that
 * carries it, within a second, and writes nothing.
 */

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let receivers = 0;

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'uploads-owner@example.com', 'Uploads Freight');
});
afterAll(() => app.stop());

/** A fresh signing link (each refusal case gets its own, so one accepted by mistake cannot hide the next). */
async function signingToken() {
  const receiverEmail = `uploads${++receivers}@receivers.example`;
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/v1/envelopes',
    headers: { cookie: owner.cookie, origin: app.url },
    payload: { type: 'driver', deliveryMethod: 'email', receiverName: 'Dana Driver', receiverEmail },
  });
  expect(response.statusCode, response.body).toBe(201);
  const mail = (await readOutbox(joinPath(app.dataDir, 'outbox')))
    .filter((m) => m.to === receiverEmail)
    .at(-1);
  const token = /https?:\/\/\S+\/sign\/(\S+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no signing link mailed');
  return decodeURIComponent(token);
}

interface UploadCase {
  name: string;
  /** The JSON body's text, made once before the request is timed. */
  body: () => string;
  status: number;
  /**
   * The field the refusal names and a part of its message; none when the file is read and its one
   * row refused (an import answers each row: a row with a bad cell is listed invalid, not posted).
   */
  error?: [field: string, message: string];
}

const header = (url: string) => Object.keys(url.includes('/loads/') ? validLoad : validTruck);

/** JSON text of exactly `bytes` bytes: `{"csv":"<prefix>xxx…"}`. */
const csvBodyOf = (prefix: string, bytes: number) => {
  const shell = JSON.stringify({ csv: prefix });
  return `${shell.slice(0, -2)}${'x'.repeat(bytes - shell.length)}"}`;
};

const casesOf: Record<UploadKind, (url: string) => UploadCase[]> = {
  image: () => {
    const signed = (signature: string) => () => JSON.stringify({ signerName: 'Dana Driver', signature });
    return [
      {
        name: 'a PNG one byte past 200,000 bytes',
        body: signed(paddedSignature(200_001)),
        status: 400,
        error: ['signature', 'The signature image is too large'],
      },
      {
        name: 'a PNG one pixel wider than 2000',
        body: signed(pngDataUrl(2001, 1, 8, () => Buffer.alloc(2001))),
        status: 400,
        error: ['signature', 'at most 2000 × 1000 pixels'],
      },
      {
        name: 'a PNG one pixel taller than 1000',
        body: signed(pngDataUrl(1, 1001, 8, () => Buffer.alloc(1))),
        status: 400,
        error: ['signature', 'at most 2000 × 1000 pixels'],
      },
      {
        name: 'a PNG declaring 16000 × 16000 pixels',
        body: signed(bombSignature()),
        status: 400,
        error: ['signature', 'at most 2000 × 1000 pixels'],
      },
      {
        name: 'a small PNG whose IDAT inflates to 64 MB',
        body: signed(inflationBomb(2000, 1000, 64 * 1024 * 1024)),
        status: 400,
        error: ['signature', 'Signature must be a PNG image'],
      },
    ];
  },
  csv: (url) => {
    const columns = header(url);
    const line = columns.join(',');
    return [
      {
        name: 'a file one byte past the 1 MB a request may carry',
        body: () => csvBodyOf(`${line}\n`, MAX_BODY_BYTES + 1),
        status: 413,
        error: ['body', 'The request body cannot be more than 1 MB'],
      },
      {
        name: 'one field of nearly 1 MB',
        body: () => csvBodyOf(`${line}\n"`, MAX_BODY_BYTES - 100).replace(/"}$/, '\\""}'),
        status: 200,
      },
      {
        name: '100,000 rows of one character',
        body: () => JSON.stringify({ csv: `${line}\n${'1\n'.repeat(100_000)}` }),
        status: 400,
        error: ['csv', 'A file can hold at most 10,000 rows; this one has 100,000'],
      },
      {
        name: '100,000 columns of one character',
        body: () =>
          JSON.stringify({
            csv: `${line}${',c'.repeat(100_000)}\n${columns.map(() => '1').join(',')}${',1'.repeat(100_000)}\n`,
          }),
        status: 200,
      },
      {
        // A broken row is reported on its own line; the rest of the file would still preview.
        name: 'a row whose quote is never closed',
        body: () => JSON.stringify({ csv: `${line}\n"Big Blue,FLATBED\n` }),
        status: 200,
      },
      {
        name: 'a header whose quote is never closed',
        body: () => JSON.stringify({ csv: `"${line}\nBig Blue,FLATBED\n` }),
        status: 400,
        error: ['csv', 'The file is not valid CSV'],
      },
    ];
  },
};

describe('upload matrix: every route that takes a file or an image', () => {
  it('lists every served route that takes one, and only served routes', () => {
    const served = apiRoutes(app);
    const listed = new Set(Object.keys(uploadRoutes));
    for (const route of served.filter(takesUpload))
      expect(listed, routeKey(route)).toContain(routeKey(route));
    const keys = new Set(served.map(routeKey));
    for (const key of listed) expect(keys, key).toContain(key);
  });

  for (const [key, { kind, field }] of Object.entries(uploadRoutes)) {
    const [method, url] = key.split(' ') as [string, string];
    for (const upload of casesOf[kind](url)) {
      it(`${key}: ${upload.name} is refused (${upload.status}${upload.error ? ` on ${upload.error[0]}` : ', its row invalid'}) at once, writing nothing`, async () => {
        const body = upload.body();
        const path = kind === 'image' ? url.replace(':token', encodeURIComponent(await signingToken())) : url;
        const before = await app.infrastructure.eventStore.headPosition();
        const start = performance.now();
        const response = await app.app.inject({
          method: method as 'POST',
          url: path,
          headers: {
            'content-type': 'application/json',
            origin: app.url,
            ...(kind === 'csv' ? { cookie: owner.cookie } : {}),
          },
          payload: body,
        });
        const elapsed = performance.now() - start;
        expect(response.statusCode, response.body.slice(0, 300)).toBe(upload.status);
        const answer = response.json();
        if (upload.error) {
          expect(answer.success).toBe(false);
          const [errorField, message] = upload.error;
          expect(Object.keys(answer.errors)).toEqual([errorField]);
          expect(answer.errors[errorField][0]).toContain(message);
          if (errorField !== 'body') expect(errorField).toBe(field);
        } else if (url.endsWith('/preview')) {
          expect(answer.rows.map((row: { valid: boolean }) => row.valid)).toEqual([false]);
        } else {
          expect([answer.posted.length, answer.invalid.length]).toEqual([0, 1]);
        }
        expect(elapsed, 'milliseconds to answer').toBeLessThan(1000);
        expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
      });
    }
  }
});
