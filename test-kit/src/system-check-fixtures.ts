import { join as joinPath } from 'node:path';
import { readSmsOutbox } from '@dispatch/auth';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './test-support.ts';

/** Gives the signed-in user a verified phone number, the way the account page does: a code by text, sent back. */
export async function verifyPhoneNumber(app: TestApp, cookie: string, phoneNumber: string): Promise<void> {
  const headers = { cookie, origin: app.url };
  const sent = await app.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/send-otp',
    headers,
    payload: { phoneNumber },
  });
  if (sent.statusCode !== 200) throw new Error(`send-otp failed: ${sent.statusCode} ${sent.body}`);
  const sms = (await readSmsOutbox(joinPath(app.dataDir, 'outbox')))
    .filter((m) => m.to === phoneNumber)
    .at(-1);
  const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${phoneNumber}`);
  const verified = await app.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/verify',
    headers,
    payload: { phoneNumber, code, updatePhoneNumber: true },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
}

/** A live connection of the session's organization, once the server has put it in its room. */
export function liveConnection(app: TestApp, cookie: string): Promise<Socket> {
  const socket = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, origin: app.url },
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('ready', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
