import type { Envelope } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import { signingRequestMessage, voidedMessage } from './envelope-messages.ts';

const envelope = {
  envelopeId: 'env-1',
  templateId: 'driver-onboarding-agreement',
  organizationName: 'Lakeside Freight',
  senderName: 'Pat Owner',
  receiverName: 'Dana Driver',
  createdAt: '2026-11-28T03:30:00.000Z',
  expiresAt: '2026-12-28T03:30:00.000Z',
} as unknown as Envelope;

describe('the messages to an envelope’s receiver', () => {
  it('give days in the product’s date style, in the sending organization’s time zone', () => {
    const request = signingRequestMessage(
      envelope,
      'https://dispatch.example.com/sign/t',
      'sent',
      'America/Chicago',
    );
    expect(request.mail.text).toContain('The link works until Dec 27, 2026.');
    const voided = voidedMessage(envelope, 'America/Chicago');
    expect(voided.mail.text).toContain('sent to you on Nov 27, 2026.');
    expect(voidedMessage(envelope, 'UTC').sms).toContain('sent to you on Nov 28, 2026.');
  });
});
