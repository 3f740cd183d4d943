import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { readOutbox } from './outbox.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dispatch-outbox-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('writes each mail as an .eml and a .json that readOutbox reads back in order', async () => {
  const outboxDir = join(dir, 'outbox');
  const mailer = createMailer({ outboxDir, from: 'dispatch@example.com' });

  await mailer.send({ to: 'a@example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
  await mailer.send({ to: 'b@example.com', subject: 'Second', text: 'two' });

  const mails = await readOutbox(outboxDir);
  expect(mails.map(({ to, subject, text, html }) => ({ to, subject, text, html }))).toEqual([
    { to: 'a@example.com', subject: 'First', text: 'one', html: '<p>one</p>' },
    { to: 'b@example.com', subject: 'Second', text: 'two', html: undefined },
  ]);
  expect(mails[0]?.date).toBeInstanceOf(Date);

  const files = (await readdir(outboxDir)).sort();
  expect(files.filter((file) => file.endsWith('.eml'))).toHaveLength(2);
  const raw = await readFile(join(outboxDir, files.find((file) => file.endsWith('.eml')) ?? ''), 'utf8');
  expect(raw).toContain('Subject: First');
  expect(raw).toContain('From: dispatch@example.com');
});

it('reads a missing outbox as empty', async () => {
  expect(await readOutbox(join(dir, 'never-written'))).toEqual([]);
});
