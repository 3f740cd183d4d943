import {
  EnvelopeHistory,
  ownerWithOrganization,
  pageTexts,
  query,
  startTestApp,
  type TestApp,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentRenders, keptDocumentsCollection } from './kept-documents.ts';

/** The signed document prints every name as entered, and is rendered once per revision of its envelope. */

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let envelopes: EnvelopeHistory;
let ownerId: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'envelope-names@example.com', 'Names Freight');
  ownerId = (await query(app, owner.cookie, '/api/v1/organization/get-active-member')).json().data.userId;
  envelopes = new EnvelopeHistory(app, owner.organization.id);
});
afterAll(() => app.stop());

const download = async (envelopeId: string) => {
  const response = await query(app, owner.cookie, `/api/v1/envelopes/${envelopeId}/document`);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response;
};

describe('names in the signed document', () => {
  // What a reader copies from a viewer: PDF.js gives right-to-left runs in reading (logical) order.
  // A shaped Arabic letter drawn as two glyphs (yeh's dots are a glyph of their own) leaves its
  // second glyph without text, which PDF.js reads as a control character set apart by a space: those
  // characters are left out here, and runs of spaces read as one.
  const names = [
    'José Núñez',
    'Nguyễn Thị Minh Khai',
    'Łukasz Żółć',
    'Дмитрий Иванов',
    'Γιώργος Παπαδόπουλος',
    'דוד כהן',
    'محمد علي',
    '王小明',
  ];
  for (const name of names) {
    it(`prints ${name} on the agreement and the certificate`, async () => {
      const id = await envelopes.send({ receiverName: name }, '2026-03-01T10:00:00.000Z', ownerId);
      await envelopes.complete(id, '2026-03-02T10:00:00.000Z', name, null);
      await envelopes.projected();
      const pages = (await pageTexts((await download(id)).rawPayload)).map((page) =>
        page.replace(/\p{Cc}/gu, '').replace(/ +/g, ' '),
      );
      const agreement = pages.slice(0, -1).join(' ');
      const certificate = pages.at(-1) ?? '';
      expect(agreement).toContain(`Signed by ${name}`);
      expect(certificate).toContain(`Signer name: ${name}`);
      expect(certificate).toContain(`Receiver: ${name}`);
      expect(agreement + certificate).not.toContain('?');
    });
  }

  it('keeps the document small: only the glyphs used are embedded', async () => {
    const id = await envelopes.send({ receiverName: '王小明 דוד محمد' }, '2026-03-01T10:00:00.000Z', ownerId);
    await envelopes.complete(id, '2026-03-02T10:00:00.000Z', 'Łukasz Nguyễn', null);
    await envelopes.projected();
    expect((await download(id)).rawPayload.length).toBeLessThan(200_000);
  });
});

describe('the kept document', () => {
  it('renders once per revision of the envelope: a second download reads the kept copy', async () => {
    const id = await envelopes.send({ receiverName: 'Kept Copy' }, '2026-03-01T10:00:00.000Z', ownerId);
    await envelopes.projected();
    const before = documentRenders.count;
    const open = (await download(id)).rawPayload;
    expect(documentRenders.count).toBe(before + 1);
    expect((await download(id)).rawPayload.equals(open)).toBe(true);
    expect(documentRenders.count).toBe(before + 1);
    const kept = await app.infrastructure.documents.get(keptDocumentsCollection, id);
    expect(kept).toMatchObject({ id, orgId: owner.organization.id, revision: '0' });

    // Signing adds an event: the next download renders the signed document, then keeps it.
    await envelopes.complete(id, '2026-03-02T10:00:00.000Z', 'Kept Copy', null);
    await envelopes.projected();
    const signed = (await download(id)).rawPayload;
    expect(documentRenders.count).toBe(before + 2);
    expect((await pageTexts(signed)).join(' ')).toContain('Signed by Kept Copy');
    await download(id);
    expect(documentRenders.count).toBe(before + 2);
    expect(await app.infrastructure.documents.get(keptDocumentsCollection, id)).toMatchObject({
      revision: '1',
    });
  });
});
