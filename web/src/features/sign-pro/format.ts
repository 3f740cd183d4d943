import { type EnvelopeAnswer, formatUsPhone } from '@dispatch/domain';

/** "3125550100" → "(312) 555-0100"; anything else as stored (the domain's, as every phone shown). */
export { formatUsPhone };

/** Where the envelope went: the e-mail address or the phone number of its delivery method. */
export function receiverContact(
  envelope: Pick<EnvelopeAnswer, 'deliveryMethod' | 'receiverEmail' | 'receiverPhoneNumber'>,
): string {
  if (envelope.deliveryMethod === 'SMS') {
    return envelope.receiverPhoneNumber ? formatUsPhone(envelope.receiverPhoneNumber) : '';
  }
  return envelope.receiverEmail ?? '';
}
