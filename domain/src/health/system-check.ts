import { z } from 'zod';

/**
 * The system check a dispatcher runs from `/{orgSlug}/testing`: a ping that goes the whole way
 * (command API, event store, projector, live push back to the browser) and test messages to the
 * user's own address and phone. A ping is an event of the organization's own ping stream; its only
 * projection is a change notice, so it never reaches a board, a list or a count.
 */
export const SYSTEM_PINGED = 'SystemPinged';
export const SYSTEM_PING_SCHEMA_VERSION = 1;
/** The kind of the change notice a ping's projection sends to the organization's live connections. */
export const PING_CHANGE_KIND = 'ping';

export const pingStream = (orgId: string) => `ping-${orgId}`;

export interface SystemPinged {
  type: typeof SYSTEM_PINGED;
  data: { pingId: string; userId: string };
}

/** POST /api/v1/testing/ping: the id the browser will look for in the push (one is made when absent). */
export const pingInputSchema = z
  .object({ pingId: z.uuid({ error: 'Ping id must be a valid id' }).optional() })
  .strict();
export type PingInput = z.output<typeof pingInputSchema>;

/** POST /api/v1/testing/email and /sms take nothing: the message goes to the signed-in user. */
export const testMessageInputSchema = z.object({}).strict();

/** Test messages each user may ask for, per channel, within the window. */
export const TEST_MESSAGE_LIMIT = 3;
export const TEST_MESSAGE_WINDOW_MINUTES = 10;

export type TestMessageChannel = 'email' | 'sms';

const channelWords: Record<TestMessageChannel, string> = { email: 'test e-mails', sms: 'test texts' };

/** The 429 message: how many, how often, and when the next one may go. */
export function testMessageLimitMessage(channel: TestMessageChannel, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You can send ${TEST_MESSAGE_LIMIT} ${channelWords[channel]} every ${TEST_MESSAGE_WINDOW_MINUTES} minutes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export const NO_PHONE_NUMBER_MESSAGE =
  'Your account has no phone number. Add one under Account → Phone number to receive a test text.';

/** "+1 (312) 555-0100" as "•••• 0100", "ada@example.com" as "a••@example.com": enough to recognise, little to leak. */
export function maskedPhoneNumber(phone: string): string {
  return `•••• ${phone.replace(/\D/g, '').slice(-4)}`;
}

export function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(2, Math.min(local.length - 1, 6)))}@${domain}`;
}
