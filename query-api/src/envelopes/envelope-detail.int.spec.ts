import { SIGN_PRO_FORBIDDEN as SIGN_PRO_FORBIDDEN_MESSAGE } from '@dispatch/auth';
import { ENVELOPE_NOT_FOUND, templateLabels } from '@dispatch/domain';
import {
  EnvelopeHistory,
  join,
  ownerWithOrganization,
  pageTexts,
  query,
  receiverClient,
  SYSTEM_ACTOR,
  startTestApp,
  type TestApp,
  TINY_PNG_SIGNATURE,
} from '@dispatch/test-kit';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR_NAME } from './envelope-history.ts';
import { documentFileName, wrapText } from './envelope-pdf.ts';

/** One envelope, its history and its signed document, as the sender reads them. */

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let other: Awaited<ReturnType<typeof ownerWithOrganization>>;
let ownerId: string;
let member: string;
let envelopes: EnvelopeHistory;
/** Signed with a drawn signature after a reminder; declined; sent and still open, by SMS. */
let signed: string;
let declined: string;
let open: string;
let typed: string;

const at = (day: string, time = '10:00:00') => `2026-02-${day}T${time}.000Z`;

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'envelope-detail@example.com', 'Détail Freight');
  ownerId = (await query(app, owner.cookie, '/api/v1/organization/get-active-member')).json().data.userId;
  other = await ownerWithOrganization(app, 'envelope-detail-other@example.com', 'Other Detail Freight');
  member = (await join(app, owner.cookie, 'envelope-detail-member@example.com', 'member')).cookie;
  envelopes = new EnvelopeHistory(app, owner.organization.id);

  signed = await envelopes.send(
    {
      receiverName: 'Zoë Łukasz-Ødegård',
      receiverEmail: 'zoe@drivers.example',
      organizationName: 'Détail Freight',
    },
    at('01'),
    ownerId,
  );
  await envelopes.remind(signed, 1, at('03'));
  await envelopes.issueLink(signed, at('03', '12:00:00'), ownerId);
  await envelopes.deliver(signed, at('04'));
  await envelopes.complete(signed, at('04', '10:05:00'), 'Zoë Ødegård', TINY_PNG_SIGNATURE);

  declined = await envelopes.send({ receiverName: 'Carl Client', type: 'client' }, at('02'), ownerId);
  await envelopes.deliver(declined, at('05'));
  await envelopes.reject(declined, at('05', '10:01:00'), 'The rate is wrong');

  open = await envelopes.send(
    { receiverName: 'Sam SMS', deliveryMethod: 'SMS', receiverPhoneNumber: '3125550123' },
    at('06'),
    ownerId,
  );
  typed = await envelopes.send({ receiverName: 'Tim Typed' }, at('07'), ownerId);
  await envelopes.complete(typed, at('08'), 'Tim Typed', null);
  await envelopes.projected();
});
afterAll(() => app.stop());

const get = (url: string, cookie = owner.cookie) => query(app, cookie, url);

describe('GET /api/v1/envelopes/:envelopeId', () => {
  it('answers the envelope with its number as id', async () => {
    const response = await get(`/api/v1/envelopes/${signed}`);
    expect(response.statusCode).toBe(200);
    const { success, envelope } = response.json();
    expect(success).toBe(true);
    expect(envelope).toMatchObject({
      id: expect.any(Number),
      envelopeId: signed,
      envelopeStatus: 'completed',
      receiverName: 'Zoë Łukasz-Ødegård',
      signerName: 'Zoë Ødegård',
      signedOn: at('04', '10:05:00'),
      deliveredAt: at('04'),
      remindersSent: 1,
      version: 4,
      createdBy: ownerId,
      updatedBy: `receiver:${signed}`,
    });
    expect(JSON.stringify(envelope)).not.toContain('token-hash');
  });

  it("answers another organization's envelope like a missing one, and a bad id with 400", async () => {
    const foreign = await get(`/api/v1/envelopes/${signed}`, other.cookie);
    const missing = await get('/api/v1/envelopes/7b0a8a53-5d0f-4a43-9d2a-2b8f2c1f0e11');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect(foreign.json().message).toBe(ENVELOPE_NOT_FOUND);
    const bad = await get('/api/v1/envelopes/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ envelopeId: ['Envelope id must be a valid id'] });
  });

  it('refuses a plain member with 403, on every route of one envelope', async () => {
    for (const path of ['', '/history', '/document']) {
      const refused = await get(`/api/v1/envelopes/${signed}${path}`, member);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().message).toBe(SIGN_PRO_FORBIDDEN_MESSAGE);
    }
  });
});

describe('GET /api/v1/envelopes/:envelopeId/history', () => {
  type Entry = {
    type: string;
    occurredAt: string;
    actor: { id: string; name: string | null };
    changes: { field: string; from: unknown; to: unknown }[];
  };
  const history = async (id: string, cookie = owner.cookie) => {
    const response = await get(`/api/v1/envelopes/${id}/history`, cookie);
    return { status: response.statusCode, body: response.json(), text: response.body };
  };

  it('tells who did what and when, naming the sender and the receiver', async () => {
    const { status, body, text } = await history(signed);
    expect(status).toBe(200);
    const entries = body.data as Entry[];
    expect(entries.map((entry) => entry.type)).toEqual([
      'EnvelopeSent',
      'EnvelopeReminderSent',
      'SigningLinkIssued',
      'EnvelopeDelivered',
      'EnvelopeCompleted',
    ]);
    const [sent, reminder, link, delivered, completed] = entries as [Entry, Entry, Entry, Entry, Entry];
    expect(sent).toMatchObject({ occurredAt: at('01'), actor: { id: ownerId, name: 'Olive Owner' } });
    expect(sent.changes).toEqual(
      expect.arrayContaining([
        { field: 'envelopeStatus', from: null, to: 'sent' },
        { field: 'receiverName', from: null, to: 'Zoë Łukasz-Ødegård' },
        { field: 'receiverEmail', from: null, to: 'zoe@drivers.example' },
        { field: 'deliveryMethod', from: null, to: 'email' },
      ]),
    );
    // The sweeper is no member: named as the product.
    expect(reminder).toMatchObject({ actor: { id: SYSTEM_ACTOR, name: SYSTEM_ACTOR_NAME } });
    expect(reminder.changes).toEqual([{ field: 'remindersSent', from: 0, to: 1 }]);
    expect(link.changes).toEqual([]);
    expect(delivered.actor).toEqual({ id: `receiver:${signed}`, name: 'Zoë Łukasz-Ødegård' });
    expect(delivered.changes).toEqual([
      { field: 'envelopeStatus', from: 'sent', to: 'delivered' },
      { field: 'ip', from: null, to: receiverClient.ip },
      { field: 'userAgent', from: null, to: receiverClient.userAgent },
    ]);
    expect(completed.changes).toEqual([
      { field: 'envelopeStatus', from: 'delivered', to: 'completed' },
      { field: 'signerName', from: null, to: 'Zoë Ødegård' },
      { field: 'signature', from: null, to: 'drawn' },
      { field: 'ip', from: null, to: receiverClient.ip },
      { field: 'userAgent', from: null, to: receiverClient.userAgent },
    ]);
    // Neither the links' hashes nor the signature image are history.
    expect(text).not.toContain('token-hash');
    expect(text).not.toContain('data:image/png');
  });

  it("lists a receiver's reason for declining, and a typed signature as typed", async () => {
    const rejected = (await history(declined)).body.data.at(-1) as Entry;
    expect(rejected.changes).toEqual(
      expect.arrayContaining([
        { field: 'envelopeStatus', from: 'delivered', to: 'rejected' },
        { field: 'rejectReason', from: null, to: 'The rate is wrong' },
      ]),
    );
    const completed = (await history(typed)).body.data.at(-1) as Entry;
    expect(completed.changes).toContainEqual({ field: 'signature', from: null, to: 'typed' });
    expect(completed.changes).toContainEqual({ field: 'envelopeStatus', from: 'sent', to: 'completed' });
  });

  it("answers another organization's envelope like a missing one", async () => {
    expect((await history(signed, other.cookie)).status).toBe(404);
    expect((await history('7b0a8a53-5d0f-4a43-9d2a-2b8f2c1f0e11')).status).toBe(404);
    expect((await history('12')).status).toBe(400);
  });
});

const imagesIn = async (bytes: Uint8Array) => {
  const pdf = await PDFDocument.load(bytes);
  return pdf.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ).length;
};

describe('GET /api/v1/envelopes/:envelopeId/document', () => {
  const pdfOf = async (id: string) => {
    const response = await get(`/api/v1/envelopes/${id}/document`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response;
  };

  it('answers the signed agreement as a PDF, with the drawn signature and a certificate page', async () => {
    const response = await pdfOf(signed);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="driver-onboarding-agreement-Zoe-Lukasz-Odegard.pdf"',
    );
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pageTexts(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const certificate = pages.at(-1) ?? '';
    const agreement = pages.slice(0, -1).join('\n');
    expect(agreement).toContain(templateLabels['driver-onboarding-agreement']);
    // Merged with the organization's name as sent, every accent kept.
    expect(agreement).toContain('Détail Freight ("the Carrier") engages Zoë Łukasz-Ødegård ("the Driver")');
    expect(agreement).toContain('Signed by Zoë Ødegård');
    expect(agreement).toContain('Sent on Feb 01, 2026 by Sam Sender');
    // The drawn PNG (with its transparency as a soft mask, an image of its own).
    expect(await imagesIn(bytes)).toBeGreaterThan(0);

    expect(certificate).toContain('Certificate of completion');
    expect(certificate).toContain('Status: Completed');
    for (const line of [
      'Feb 01, 2026, 4:00 AM — Sent to the receiver by e-mail',
      'Feb 03, 2026, 4:00 AM — Reminder 1 sent',
      'Feb 03, 2026, 6:00 AM — Signing link copied by the sender',
      'Feb 04, 2026, 4:00 AM — Opened by the receiver (delivered)',
      'Feb 04, 2026, 4:05 AM — Signed (drawn signature)',
      'By: Olive Owner',
      `By: ${SYSTEM_ACTOR_NAME}`,
      'Link expires: Mar 03, 2026, 4:00 AM',
      // The organization's time zone (a new one's is America/Chicago), named on the page.
      'Every time is America/Chicago time.',
      'By: Zoë Łukasz-Ødegård',
      `IP address: ${receiverClient.ip}`,
      `Browser: ${receiverClient.userAgent}`,
    ]) {
      expect(certificate).toContain(line);
    }
    expect(certificate).not.toContain('token-hash');
  });

  it('prints a typed signature as the name, a declined or open envelope as not signed', async () => {
    const typedPdf = (await pdfOf(typed)).rawPayload;
    expect(await imagesIn(typedPdf)).toBe(0);
    expect((await pageTexts(typedPdf)).join('\n')).toContain('Signed (typed signature)');

    const declinedPages = await pageTexts((await pdfOf(declined)).rawPayload);
    expect(declinedPages.slice(0, -1).join('\n')).toContain('Not signed. Status: Rejected.');
    expect(declinedPages.at(-1)).toContain('Declined by the receiver');
    expect(declinedPages.at(-1)).toContain('Reason: The rate is wrong');
    expect(declinedPages.join('\n')).toContain('Client agreement');

    const openResponse = await pdfOf(open);
    expect(openResponse.headers['content-disposition']).toBe(
      'attachment; filename="driver-onboarding-agreement-Sam-SMS.pdf"',
    );
    const openPages = await pageTexts(openResponse.rawPayload);
    expect(openPages.at(-1)).toContain('Envelope certificate');
    expect(openPages.at(-1)).toContain('Sent to the receiver by SMS');
    expect(openPages.join('\n')).toContain('Receiver: (312) 555-0123');
  });

  it("answers another organization's envelope like a missing one", async () => {
    const foreign = await get(`/api/v1/envelopes/${signed}/document`, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
  });
});

describe('writing text', () => {
  it('wraps words within the width, and cuts a word longer than a line', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const lines = wrapText(
      `one two three ${'x'.repeat(200)} end`,
      (line) => font.widthOfTextAtSize(line, 10),
      100,
    );
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(100);
    expect(lines[0]).toBe('one two three');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('').replaceAll(' ', '')).toBe(`onetwothree${'x'.repeat(200)}end`);
  });

  it('names the file after the template and the receiver, with nothing a header could be fooled by', () => {
    expect(documentFileName('client-agreement', 'Ann "O\'Neil"; rm -rf /')).toBe(
      'client-agreement-Ann-O-Neil-rm-rf.pdf',
    );
    expect(documentFileName('client-agreement', '東京')).toBe('client-agreement.pdf');
  });
});
