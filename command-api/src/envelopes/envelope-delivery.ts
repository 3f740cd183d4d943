import { setTimeout as sleep } from 'node:timers/promises';
import type { Mailer, SmsSender } from '@dispatch/auth';
import type { Envelope } from '@dispatch/domain';
import type { ReceiverMessage } from './envelope-messages.ts';

/** The two channels an envelope can go by. */
export interface EnvelopeChannels {
  mailer: Mailer;
  sms: SmsSender;
}

/** Pauses between attempts: a gateway's short hiccup is ridden out, a dead one is reported within seconds. */
const RETRY_DELAYS_MS = [250, 1000];

/** Sends `message` to the envelope's receiver by its delivery method, trying three times before giving up. */
export async function deliverToReceiver(
  channels: EnvelopeChannels,
  envelope: Envelope,
  message: ReceiverMessage,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      if (envelope.deliveryMethod === 'SMS') {
        await channels.sms.send({ to: `+1${envelope.receiverPhoneNumber}`, text: message.sms });
      } else {
        await channels.mailer.send({ to: envelope.receiverEmail ?? '', ...message.mail });
      }
      return;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      await sleep(delay);
    }
  }
}
