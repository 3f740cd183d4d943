import type { EnvelopeAnswer } from '@dispatch/domain';

/** "3125550100" → "(312) 555-0100"; anything else as stored. */
export function formatUsPhone(phone: string): string {
  const match = /^(?:\+1)?(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}

/** Where the envelope went: the e-mail address or the phone number of its delivery method. */
export function receiverContact(
  envelope: Pick<EnvelopeAnswer, 'deliveryMethod' | 'receiverEmail' | 'receiverPhoneNumber'>,
): string {
  if (envelope.deliveryMethod === 'SMS') {
    return envelope.receiverPhoneNumber ? formatUsPhone(envelope.receiverPhoneNumber) : '';
  }
  return envelope.receiverEmail ?? '';
}
