import { describe, expect, it } from 'vitest';
import { countsByStatus } from './api/get-envelope-counts';
import { sendEnvelopeBody } from './api/send-envelope';
import { formatUsPhone, receiverContact } from './format';
import { actorOf, envelopeActionOf, envelopeValueText, isShownField } from './history-wording';

describe('formatUsPhone and receiverContact', () => {
  it('writes a US number as (312) 555-0100 and picks the contact of the delivery method', () => {
    expect(formatUsPhone('3125550100')).toBe('(312) 555-0100');
    expect(formatUsPhone('+13125550100')).toBe('(312) 555-0100');
    expect(formatUsPhone('12')).toBe('12');
    const both = { receiverEmail: 'jane@example.com', receiverPhoneNumber: '3125550100' };
    expect(receiverContact({ ...both, deliveryMethod: 'email' })).toBe('jane@example.com');
    expect(receiverContact({ ...both, deliveryMethod: 'SMS' })).toBe('(312) 555-0100');
  });
});

describe('countsByStatus', () => {
  it('gives every status a count, zero where the answer has none', () => {
    expect(countsByStatus([{ envelopeStatus: 'completed', count: 4 }])).toEqual({
      sent: 0,
      resent: 0,
      delivered: 0,
      completed: 4,
      rejected: 0,
      voided: 0,
      cancelled: 0,
    });
  });
});

describe('sendEnvelopeBody', () => {
  it('sends only the contact of the delivery method', () => {
    expect(
      sendEnvelopeBody({
        type: 'driver',
        deliveryMethod: 'SMS',
        receiverName: 'Jane Doe',
        receiverEmail: null,
        receiverPhoneNumber: '3125550100',
        templateId: 'driver-onboarding-agreement',
      }),
    ).toEqual({
      type: 'driver',
      deliveryMethod: 'SMS',
      receiverName: 'Jane Doe',
      receiverPhoneNumber: '3125550100',
      templateId: 'driver-onboarding-agreement',
    });
  });
});

describe('the history wording', () => {
  it('names the receiver, members and the product', () => {
    expect(actorOf({ actor: { id: 'receiver:e1', name: null } }, 'Jane Doe')).toBe('Jane Doe');
    expect(actorOf({ actor: { id: 'u1', name: 'Dana' } }, 'Jane Doe')).toBe('Dana');
    expect(actorOf({ actor: { id: 'u2', name: null } }, 'Jane Doe')).toBe('A former member');
    expect(envelopeActionOf('EnvelopeDelivered')).toBe('opened the document');
    expect(envelopeActionOf('SomethingNew')).toBe('something new');
  });

  it('words values and hides the status and type', () => {
    expect(envelopeValueText('signature', 'drawn')).toBe('Drawn');
    expect(envelopeValueText('userAgent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36')).toBe(
      'Chrome on Linux',
    );
    expect(envelopeValueText('cancelReason', 'expired')).toBe('The link expired');
    expect(envelopeValueText('reason', 'expired', 'EnvelopeRejected')).toBe('expired');
    expect(envelopeValueText('deliveryMethod', 'SMS')).toBe('SMS');
    expect(isShownField('envelopeStatus')).toBe(false);
    expect(isShownField('voidReason')).toBe(true);
  });
});
