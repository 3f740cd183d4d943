import { join as joinPath } from 'node:path';
import { readOutbox } from '@dispatch/auth';
import { envelopeStream } from '@dispatch/domain';
import {
  bombSignature,
  ownerWithOrganization,
  padSignature,
  pngDataUrl,
  startTestApp,
  type TestApp,
} from '@dispatch/test-kit';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A drawn signature is bounded before anything is inflated, and stored re-encoded. */

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let sent = 0;

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'signature-bounds@example.com', 'Bounds Freight');
});
afterAll(() => app.stop());

async function newEnvelope() {
  const receiverEmail = `bounds${++sent}@example.com`;
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
  if (!token) throw new Error('no signing link');
  return { envelopeId: response.json().envelope.envelopeId as string, token: decodeURIComponent(token) };
}

const sign = (token: string, signature: string | null) =>
  app.app.inject({
    method: 'POST',
    url: `/api/v1/signing/${encodeURIComponent(token)}/sign`,
    headers: { origin: app.url },
    payload: { signerName: 'Dana Driver', signature },
  });

const streamTypes = async (envelopeId: string) =>
  (await app.infrastructure.eventStore.readStream(envelopeStream(envelopeId))).map((event) => event.type);

describe('POST /api/v1/signing/:token/sign with a drawn signature', () => {
  it('refuses a PNG declaring 16000 × 16000 pixels at once, on the signature field, and writes nothing', async () => {
    const { envelopeId, token } = await newEnvelope();
    const before = await streamTypes(envelopeId);
    const bomb = bombSignature();
    const start = performance.now();
    const response = await sign(token, bomb);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      errors: { signature: ['The signature image must be at most 2000 × 1000 pixels'] },
    });
    expect(await streamTypes(envelopeId)).toEqual(before);
  });

  it('refuses a file past 200 KB, and bytes that are no PNG past their first ones', async () => {
    const { token } = await newEnvelope();
    // 2000 × 100 grey pixels of noise: within the pixel bounds, past the byte bound.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed >> 23;
    };
    const noise = pngDataUrl(2000, 100, 8, () => Buffer.from(Array.from({ length: 2000 }, next)));
    const large = await sign(token, noise);
    expect(large.statusCode).toBe(400);
    expect(large.json().errors).toEqual({ signature: ['The signature image is too large'] });
    const broken = `${padSignature().slice(0, 200)}AAAAAAAA`;
    const notPng = await sign(token, broken);
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().errors).toEqual({ signature: ['Signature must be a PNG image'] });
  });

  it('stores the drawing re-encoded as an RGBA PNG of the same size', async () => {
    const { envelopeId, token } = await newEnvelope();
    const drawn = padSignature();
    const response = await sign(token, drawn);
    expect(response.statusCode, response.body).toBe(200);
    const events = await app.infrastructure.eventStore.readStream(envelopeStream(envelopeId));
    const completed = events.find((event) => event.type === 'EnvelopeCompleted');
    const stored = (completed?.data as { signature: string } | undefined)?.signature ?? '';
    expect(stored).not.toBe(drawn);
    const bytes = Buffer.from(stored.slice('data:image/png;base64,'.length), 'base64');
    // The header's colour type (byte 25) is 6, RGBA; the drawing is 8-bit grey as sent.
    expect(bytes[25]).toBe(6);
    const image = PNG.sync.read(bytes);
    expect([image.width, image.height]).toEqual([600, 200]);
  });
});
