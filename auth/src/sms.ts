import { writeSmsToOutbox } from './outbox.ts';

export interface SmsMessage {
  /** E.164 number, e.g. +13125550100. */
  to: string;
  text: string;
}

/** The port text messages leave through: phone verification codes today, signing links later. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Production hands each message to an SMS gateway's HTTP webhook (SMS_WEBHOOK_URL) as JSON
 * `{ to, text }`, with `Authorization: Bearer SMS_WEBHOOK_TOKEN` when a token is set; the embedded
 * setup writes it to the local outbox's `sms` folder instead.
 */
export type SmsConfig = { webhookUrl: string; token?: string } | { outboxDir: string };

export function createSmsSender(config: SmsConfig): SmsSender {
  if ('outboxDir' in config) {
    return { send: (message) => writeSmsToOutbox(config.outboxDir, { ...message, date: new Date() }) };
  }
  return {
    async send(message) {
      const response = await fetch(config.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
        },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      // A refused message must fail the request that asked for it: the user would otherwise wait for a code.
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
