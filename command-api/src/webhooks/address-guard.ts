import { webhookMessages } from '@dispatch/domain';
import { InputError } from '@dispatch/http';
import {
  publicAddressesOf,
  RefusedAddressError,
  type Resolver,
  type WebhookSettings,
} from './address-check.ts';

export * from './address-check.ts';

const urlRefused = (message: string) => new InputError('body', { url: [message] });

/** Registration's check of a URL: https (http when allowed), and a host that reaches public addresses only. */
export async function checkWebhookUrl(
  url: string,
  settings: WebhookSettings,
  resolve: Resolver,
): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(settings.allowHttp && parsed.protocol === 'http:'))
    throw urlRefused(webhookMessages.urlHttps);
  if (settings.allowPrivateAddresses) return;
  try {
    const addresses = await publicAddressesOf(parsed.hostname, settings, resolve);
    if (addresses.length === 0) throw urlRefused(webhookMessages.urlUnresolved);
  } catch (error) {
    if (error instanceof RefusedAddressError) throw urlRefused(webhookMessages.urlPrivate);
    if (error instanceof InputError) throw error;
    throw urlRefused(webhookMessages.urlUnresolved);
  }
}
