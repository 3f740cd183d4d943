import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  date: Date;
}

// Within one process two mails in the same millisecond still sort in sending order.
let sequence = 0;

function outboxName(date: Date): string {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = date.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}`;
}

/**
 * Writes `<name>.eml` for a developer's mail client and `<name>.json` for tests.
 * The JSON is renamed into place last, so a reader never sees half a mail.
 */
export async function writeToOutbox(outboxDir: string, mail: OutboxMail, raw: Buffer): Promise<void> {
  await mkdir(outboxDir, { recursive: true });
  const name = outboxName(mail.date);
  await writeFile(join(outboxDir, `${name}.eml`), raw);
  const pending = join(outboxDir, `.${name}.json.tmp`);
  await writeFile(pending, JSON.stringify({ ...mail, date: mail.date.toISOString() }, null, 2));
  await rename(pending, join(outboxDir, `${name}.json`));
}

/** Every mail delivered to the outbox, oldest first; an absent folder is an empty outbox. */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
  return Promise.all(
    files.map(async (file) => {
      const stored = JSON.parse(await readFile(join(outboxDir, file), 'utf8')) as Omit<OutboxMail, 'date'> & {
        date: string;
      };
      return { ...stored, date: new Date(stored.date) };
    }),
  );
}

export interface OutboxSms {
  to: string;
  text: string;
  date: Date;
}

const smsFolder = (outboxDir: string) => join(outboxDir, 'sms');

/** Text messages sit in the outbox's `sms` folder, one `.json` each, so mail readers never see them. */
export async function writeSmsToOutbox(outboxDir: string, sms: OutboxSms): Promise<void> {
  const dir = smsFolder(outboxDir);
  await mkdir(dir, { recursive: true });
  const name = outboxName(sms.date);
  const pending = join(dir, `.${name}.json.tmp`);
  await writeFile(pending, JSON.stringify({ ...sms, date: sms.date.toISOString() }, null, 2));
  await rename(pending, join(dir, `${name}.json`));
}

/** Every text message delivered to the outbox, oldest first. */
export async function readSmsOutbox(outboxDir: string): Promise<OutboxSms[]> {
  const dir = smsFolder(outboxDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
  return Promise.all(
    files.map(async (file) => {
      const stored = JSON.parse(await readFile(join(dir, file), 'utf8')) as {
        to: string;
        text: string;
        date: string;
      };
      return { ...stored, date: new Date(stored.date) };
    }),
  );
}
