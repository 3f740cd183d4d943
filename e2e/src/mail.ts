import { join } from 'node:path';
import { type OutboxMail, readOutbox } from '@dispatch/auth';

/** Waits (up to 15 s) for a mail with this subject to this address in the test app's outbox. */
export async function waitForMail(dataDir: string, to: string, subject: string): Promise<OutboxMail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = (await readOutbox(join(dataDir, 'outbox'))).filter(
      (m) => m.to === to && m.subject === subject,
    );
    if (found.length > 0) return found.at(-1) as OutboxMail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The mail "${subject}" to ${to} never arrived`);
}

/** The link a mail carries. */
export function linkIn(mail: OutboxMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`The mail "${mail.subject}" has no link`);
  return link;
}
