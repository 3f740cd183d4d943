import { join } from 'node:path';
import { type OutboxMail, readOutbox } from '@dispatch/auth';
import { describe, expect, it } from 'vitest';
import { app, newPage, useBrowserApp } from './harness.ts';

useBrowserApp();

const owner = { email: 'e2e-owner@example.com', password: 'owner-password-1', name: 'Olive Owner' };
const colleague = {
  email: 'e2e-colleague@example.com',
  password: 'colleague-password-1',
  name: 'Cory Colleague',
};

/** Waits for the newest mail with this subject to this address: mail goes out after the call answers. */
async function mailTo(to: string, subject: string): Promise<OutboxMail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = (await readOutbox(join(app.dataDir, 'outbox'))).filter(
      (mail) => mail.to === to && mail.subject === subject,
    );
    if (found.length) return found.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

const linkIn = (mail: OutboxMail) => {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`the mail "${mail.subject}" has no link`);
  return link;
};

describe('inviting a colleague', () => {
  it('mails a link; the colleague signs up through it, joins as member, is refused /members, and gets it live once promoted', async () => {
    // The owner signs in and creates the organization.
    await app.infrastructure.auth.createUser(owner);
    const ownerPage = await newPage();
    await ownerPage.goto('/login');
    await ownerPage.getByLabel('Email').fill(owner.email);
    await ownerPage.getByLabel('Password', { exact: true }).fill(owner.password);
    await ownerPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await ownerPage.waitForURL('**/onboarding');
    await ownerPage.getByLabel('Organization name').fill('Harbor Freight Lines');
    await ownerPage.getByRole('button', { name: 'Create organization' }).click();
    await ownerPage.waitForURL('**/harbor-freight-lines/overview');

    // The owner invites the colleague by e-mail from the members page.
    await ownerPage.getByRole('link', { name: 'Members' }).click();
    await ownerPage.waitForURL('**/harbor-freight-lines/members');
    await ownerPage.getByRole('button', { name: 'Invite member' }).click();
    const dialog = ownerPage.getByRole('dialog');
    await dialog.getByLabel('Email').fill(colleague.email);
    await dialog.getByLabel('Role').selectOption('member');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await ownerPage.getByTestId('invitation-row').filter({ hasText: colleague.email }).waitFor();

    // The colleague follows the mailed link and signs up there.
    const invitation = await mailTo(colleague.email, 'You are invited to join Harbor Freight Lines');
    expect(invitation.text).toContain('Olive Owner invited you to join Harbor Freight Lines as Member.');
    const colleaguePage = await newPage();
    await colleaguePage.goto(linkIn(invitation));
    // The page names who invites and where, and starts with the invited address.
    await colleaguePage
      .getByText('Olive Owner invited you to join Harbor Freight Lines', { exact: true })
      .waitFor();
    expect(await colleaguePage.getByLabel('Email').inputValue()).toBe(colleague.email.toLowerCase());
    await colleaguePage.getByLabel('Name').fill(colleague.name);
    await colleaguePage.getByLabel('Password', { exact: true }).fill(colleague.password);
    await colleaguePage.getByRole('button', { name: 'Create account and continue' }).click();
    await colleaguePage.getByText('Check your email').waitFor();

    // The verification link confirms the address, signs them in and brings them back to the invitation.
    const verification = await mailTo(colleague.email, 'Verify your email address');
    await colleaguePage.goto(linkIn(verification));
    await colleaguePage.waitForURL('**/accept-invitation/**');
    await colleaguePage
      .getByText('Olive Owner invited you to join Harbor Freight Lines as Member.')
      .waitFor();
    await colleaguePage.getByRole('button', { name: 'Accept invitation' }).click();
    await colleaguePage.waitForURL('**/harbor-freight-lines/overview');
    await colleaguePage
      .getByTestId('organization-name')
      .filter({ hasText: 'Harbor Freight Lines' })
      .waitFor();

    // As a member, the members page is refused: back to the overview, and no link to it.
    await colleaguePage.goto('/harbor-freight-lines/members');
    await colleaguePage.waitForURL('**/harbor-freight-lines/overview');
    expect(await colleaguePage.getByRole('link', { name: 'Members' }).count()).toBe(0);
    let reloads = 0;
    colleaguePage.on('load', () => reloads++);

    // The owner promotes the colleague; the change reaches the colleague's open page live.
    const row = ownerPage.getByTestId('member-row').filter({ hasText: colleague.email });
    await row.waitFor();
    await row.getByLabel(`Role of ${colleague.name}`).selectOption('admin');
    await ownerPage.getByText(`${colleague.name} is now Admin`).waitFor();

    const membersLink = colleaguePage.getByRole('link', { name: 'Members' });
    await membersLink.waitFor({ timeout: 10_000 });
    await membersLink.click();
    await colleaguePage.waitForURL('**/harbor-freight-lines/members');
    await colleaguePage.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await colleaguePage.getByTestId('member-row').filter({ hasText: owner.email }).waitFor();
    expect(reloads).toBe(0);
  });
});
