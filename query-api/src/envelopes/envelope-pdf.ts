import {
  type EnvelopeCompleted,
  envelopeStatusLabels,
  formatDate,
  formatDateTime,
  mergeDocument,
  type TemplateId,
  templateLabels,
} from '@dispatch/domain';
import { PageSizes, PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import type { EnvelopeHistoryEntry, EnvelopeRecord } from './envelope-history.ts';
import { FontBook, type FontStyle } from './pdf-fonts.ts';

export { documentFileName } from './document-file-name.ts';

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.Letter;
const MARGIN = 72;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 40;
const grey = rgb(0.4, 0.4, 0.4);
const black = rgb(0, 0, 0);

/** The largest a drawn signature is shown, in points: it keeps its proportions inside this box. */
const SIGNATURE_BOX = { width: 220, height: 80 };

/** The name of a time zone as the certificate writes it: "America/Chicago" reads "America/Chicago time". */
const zoneName = (timeZone: string) => `${timeZone.replaceAll('_', ' ')} time`;

/** Lines of at most `width` points, broken between words (a word too long for a line, inside it). */
export function wrapText(text: string, widthOf: (line: string) => number, width: number): string[] {
  const fitsLine = (line: string) => widthOf(line) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fitsLine(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fitsLine(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fitsLine(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes text down Letter pages, starting a new page when the next block would not fit. */
class PageWriter {
  readonly #doc: PDFDocument;
  readonly #fonts: FontBook;
  page!: PDFPage;
  y = 0;

  constructor(doc: PDFDocument, fonts: FontBook) {
    this.#doc = doc;
    this.#fonts = fonts;
    this.newPage();
  }

  newPage() {
    this.page = this.#doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  async text(
    text: string,
    options: { font?: FontStyle; size?: number; color?: ReturnType<typeof rgb>; indent?: number } = {},
  ) {
    const style = options.font ?? 'regular';
    const size = options.size ?? 11;
    const indent = options.indent ?? 0;
    const leading = size * 1.35;
    await this.#fonts.prepare(text, style);
    const widthOf = (line: string) => this.#fonts.width(line, style, size);
    for (const line of wrapText(text, widthOf, TEXT_WIDTH - indent)) {
      this.ensure(leading);
      this.y -= leading;
      this.#fonts.draw(this.page, line, {
        x: MARGIN + indent,
        y: this.y,
        size,
        style,
        color: options.color ?? black,
      });
    }
  }
}

/** "Sent", "Reminder 2 sent", "Signed"…: what an event of the certificate is called. */
function eventLabel(entry: EnvelopeHistoryEntry): string {
  const change = (field: string) => entry.changes.find((each) => each.field === field)?.to;
  switch (entry.type) {
    case 'EnvelopeSent':
      return `Sent to the receiver by ${change('deliveryMethod') === 'SMS' ? 'SMS' : 'e-mail'}`;
    case 'EnvelopeResent':
      return 'Sent again with a new signing link';
    case 'SigningLinkIssued':
      return 'Signing link copied by the sender';
    case 'EnvelopeReminderSent':
      return `Reminder ${String(change('remindersSent'))} sent`;
    case 'EnvelopeDelivered':
      return 'Opened by the receiver (delivered)';
    case 'EnvelopeCompleted':
      return `Signed (${String(change('signature'))} signature)`;
    case 'EnvelopeRejected':
      return 'Declined by the receiver';
    case 'EnvelopeVoided':
      return 'Voided by the sender';
    case 'EnvelopeCancelled':
      return change('cancelReason') === 'expired' ? 'Cancelled: the link expired' : 'Cancelled';
    default:
      return entry.type;
  }
}

/** What else the certificate says of an event: its reasons and the signer's name. */
const detailFields: Record<string, string> = {
  signerName: 'Signer name',
  rejectReason: 'Reason',
  voidReason: 'Reason',
  detail: 'Detail',
  expiresAt: 'Link expires',
};

async function signatureImage(doc: PDFDocument, signature: string) {
  try {
    return await doc.embedPng(signature);
  } catch {
    // A signature that is no readable PNG is shown as typed rather than failing the document.
    return null;
  }
}

/**
 * The envelope's document as a PDF: the agreement merged with the organization's and the receiver's
 * details as sent, word-wrapped on Letter pages; once signed, the signer's name and their drawn
 * signature (or their typed name); last, a certificate page listing every event of the envelope with
 * its time (in the organization's time zone, named on the page), actor, and the receiver's IP address and browser where known.
 */
export async function envelopePdf(
  record: EnvelopeRecord,
  history: EnvelopeHistoryEntry[],
  timeZone: string,
): Promise<Uint8Array> {
  const { sent, sentAt } = record;
  const at = (iso: string) => formatDateTime(iso, timeZone);
  const templateId = sent.templateId as TemplateId;
  const merged = mergeDocument(templateId, sent.templateVersion, {
    organizationName: sent.organizationName,
    receiverName: sent.receiverName,
    receiverEmail: sent.receiverEmail,
    receiverPhoneNumber: sent.receiverPhoneNumber,
    sentAt,
  });
  const completedEvent = record.events.find((event) => event.type === 'EnvelopeCompleted') as
    | (EnvelopeCompleted & { metadata: { occurredAt: string } })
    | undefined;
  const lastStatus = history
    .flatMap((entry) => entry.changes.filter((change) => change.field === 'envelopeStatus'))
    .at(-1)?.to as keyof typeof envelopeStatusLabels | undefined;

  const doc = await PDFDocument.create();
  doc.setTitle(`${merged.title}: ${sanitizeTitle(sent.receiverName)}`);
  doc.setAuthor(sanitizeTitle(sent.organizationName));
  doc.setCreator('Dispatch sign-pro');
  // Noto fonts for every script a name may be written in, each embedded as the subset it uses.
  const fonts = new FontBook(doc);
  const writer = new PageWriter(doc, fonts);

  // The agreement.
  await writer.text(merged.title, { font: 'bold', size: 18 });
  writer.gap(6);
  await writer.text(`Between ${merged.parties.organizationName} and ${merged.parties.receiverName}`, {
    size: 11,
  });
  if (merged.parties.receiverContact)
    await writer.text(`Receiver: ${merged.parties.receiverContact}`, { size: 10, color: grey });
  await writer.text(`Sent on ${formatDate(sentAt, timeZone)} by ${sent.senderName}`, {
    size: 10,
    color: grey,
  });
  for (const section of merged.sections) {
    writer.gap(10);
    writer.ensure(40);
    await writer.text(section.heading, { font: 'bold', size: 12 });
    for (const paragraph of section.paragraphs) {
      writer.gap(4);
      await writer.text(paragraph);
    }
  }

  // The signature.
  writer.gap(16);
  writer.ensure(SIGNATURE_BOX.height + 60);
  if (completedEvent) {
    const { signerName, signature } = completedEvent.data;
    const image = signature ? await signatureImage(doc, signature) : null;
    if (image) {
      const scale = Math.min(1, SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height);
      const { width, height } = image.scale(scale);
      writer.y -= height;
      writer.page.drawImage(image, { x: MARGIN, y: writer.y, width, height });
    } else {
      await writer.text(signerName, { font: 'signature', size: 24 });
    }
    writer.page.drawLine({
      start: { x: MARGIN, y: writer.y - 4 },
      end: { x: MARGIN + SIGNATURE_BOX.width, y: writer.y - 4 },
      thickness: 0.5,
      color: grey,
    });
    writer.gap(6);
    await writer.text(`Signed by ${signerName}`, { font: 'bold' });
    await writer.text(`on ${at(completedEvent.metadata.occurredAt)}, electronically`, {
      size: 10,
      color: grey,
    });
  } else {
    await writer.text(`Not signed. Status: ${lastStatus ? envelopeStatusLabels[lastStatus] : 'unknown'}.`, {
      font: 'italic',
      color: grey,
    });
  }

  // The certificate.
  writer.newPage();
  await writer.text(completedEvent ? 'Certificate of completion' : 'Envelope certificate', {
    font: 'bold',
    size: 18,
  });
  writer.gap(6);
  const summary: [string, string][] = [
    ['Document', `${templateLabels[templateId] ?? merged.title}, text version ${merged.version}`],
    ['Envelope', `${sent.envelopeId} (no. ${sent.id})`],
    ['Sender', `${sent.senderName}, ${sent.organizationName}`],
    ['Receiver', [sent.receiverName, merged.parties.receiverContact].filter(Boolean).join(', ')],
    ['Status', lastStatus ? envelopeStatusLabels[lastStatus] : 'Unknown'],
  ];
  if (completedEvent)
    summary.push([
      'Signed',
      `${at(completedEvent.metadata.occurredAt)} by ${completedEvent.data.signerName} (${completedEvent.data.signature ? 'drawn' : 'typed'} signature)`,
    ]);
  for (const [label, value] of summary) await writer.text(`${label}: ${value}`, { size: 10 });
  writer.gap(12);
  await writer.text('History', { font: 'bold', size: 13 });
  await writer.text(`Every time is ${zoneName(timeZone)}.`, { size: 9, color: grey });
  for (const entry of history) {
    writer.gap(8);
    writer.ensure(60);
    await writer.text(`${at(entry.occurredAt)} — ${eventLabel(entry)}`, { font: 'bold', size: 10 });
    const actor = entry.actor.name ?? entry.actor.id;
    await writer.text(`By: ${actor}`, { size: 9, indent: 12 });
    for (const change of entry.changes) {
      const label = detailFields[change.field];
      if (!label || change.to === null) continue;
      const value = change.field === 'expiresAt' ? at(String(change.to)) : String(change.to);
      await writer.text(`${label}: ${value}`, { size: 9, indent: 12 });
    }
    if (entry.client) {
      await writer.text(`IP address: ${entry.client.ip}`, { size: 9, indent: 12 });
      await writer.text(`Browser: ${entry.client.userAgent}`, { size: 9, indent: 12, color: grey });
    }
  }

  // Page numbers, once the pages are all there.
  const pages = doc.getPages();
  for (const [index, page] of pages.entries()) {
    const label = `${sent.envelopeId}  ·  page ${index + 1} of ${pages.length}`;
    await fonts.prepare(label, 'regular');
    const width = fonts.width(label, 'regular', 8);
    fonts.draw(page, label, {
      x: PAGE_WIDTH - MARGIN - width,
      y: FOOTER_Y,
      size: 8,
      style: 'regular',
      color: grey,
    });
  }
  return doc.save();
}

/** Document properties are written as Unicode text: only control characters are left out. */
const sanitizeTitle = (text: string) => text.replace(/\p{Cc}/gu, ' ');
