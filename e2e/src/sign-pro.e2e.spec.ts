import { command, join, ownerWithOrganization, PASSWORD } from '@dispatch/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { app, downloaded, newPage, signInAs, useBrowserApp } from './harness.ts';
import { linkIn, waitForMail } from './mail.ts';

useBrowserApp();

const owner = { email: 'signpro-owner@example.com' };
const sender = { email: 'signpro-sender@example.com' };
const member = { email: 'signpro-member@example.com' };
const driver = { name: 'Jane Doe', email: 'jane.doe@example.com' };

async function signIn(email: string): Promise<Page> {
  const page = await newPage();
  await signInAs(page, email, PASSWORD, '**/signal-freight/**');
  return page;
}

/** Draws a wavy stroke across the signature pad with the mouse. */
async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const y = (step: number) => box.y + box.height * (0.55 - 0.25 * Math.sin(step / 3));
  await page.mouse.move(box.x + 24, y(0));
  await page.mouse.down();
  for (let step = 1; step <= 30; step++) {
    await page.mouse.move(box.x + 24 + (step * (box.width - 48)) / 30, y(step), { steps: 2 });
  }
  await page.mouse.up();
}

describe('sign-pro: onboarding a driver by e-mail', () => {
  it('sends the agreement, the driver signs it from the mailed link, and the sender follows it live', async () => {
    // An owner's organization with a Member+ who sends, and a plain member.
    const { cookie: ownerCookie, organization } = await ownerWithOrganization(
      app,
      owner.email,
      'Signal Freight',
    );
    expect(organization.slug).toBe('signal-freight');
    const memberPlus = await join(app, ownerCookie, sender.email, 'member');
    const promoted = await command(app, ownerCookie, 'update-member-role', {
      memberId: memberPlus.memberId,
      role: 'memberPlus',
    });
    expect(promoted.statusCode).toBe(200);
    await join(app, ownerCookie, member.email, 'member');

    // The Member+ opens sign-pro from the navigation and onboards a driver by e-mail.
    const senderPage = await signIn(sender.email);
    await senderPage
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sign-pro' })
      .click();
    await senderPage.waitForURL('**/signal-freight/sign-pro');
    await senderPage.getByRole('heading', { name: 'Sign-pro', level: 1 }).waitFor();
    await senderPage.goto('/signal-freight/sign-pro/onboard-driver');
    await senderPage.getByRole('radio', { name: 'E-mail' }).waitFor();
    await senderPage.getByLabel('Receiver name').fill(driver.name);
    await senderPage.getByLabel('Receiver email').fill(driver.email);
    await senderPage.getByRole('button', { name: 'Send for signature' }).click();
    await senderPage.waitForURL('**/signal-freight/sign-pro/drivers');

    const row = senderPage.locator('tr', { hasText: driver.name });
    await row.locator('[data-status="sent"]').waitFor();
    await senderPage
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor({ timeout: 10_000 });
    let reloads = 0;
    senderPage.on('load', () => reloads++);

    // The driver, who has no account, opens the mailed link in a browser of their own.
    const mail = await waitForMail(
      app.dataDir,
      driver.email,
      'Signal Freight asks you to sign the Driver onboarding agreement',
    );
    const driverPage = await newPage();
    await driverPage.goto(linkIn(mail));
    await driverPage.getByRole('heading', { name: 'Driver onboarding agreement', level: 1 }).waitFor();

    // The sender's table shows the envelope delivered, without a reload, and says so.
    await row.locator('[data-status="delivered"]').waitFor({ timeout: 10_000 });
    await senderPage.getByText(`${driver.name} opened the driver onboarding agreement`).waitFor();

    // The driver types their name, draws a signature and signs.
    await driverPage.getByLabel('Your full name').fill(driver.name);
    await drawSignature(driverPage);
    await driverPage.getByRole('button', { name: 'I agree and sign' }).click();
    await driverPage.getByText('Signed. Thank you!').waitFor();

    // Completed in the sender's table, live.
    await row.locator('[data-status="completed"]').waitFor({ timeout: 10_000 });
    await senderPage.getByText(`${driver.name} signed`).first().waitFor();
    expect(reloads).toBe(0);

    // The history says the signature was drawn.
    await row.getByRole('button', { name: 'History' }).click();
    const history = senderPage.getByRole('dialog');
    await history.getByText(`${driver.name} signed the document`).waitFor();
    await history.getByText('Drawn', { exact: true }).waitFor();
    await senderPage.keyboard.press('Escape');

    // The signed copy downloads as a PDF.
    const [download] = await Promise.all([
      senderPage.waitForEvent('download'),
      row.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    const pdf = await downloaded(download);
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The closed link now says so.
    await driverPage.reload();
    await driverPage.getByText('This document has already been signed.').waitFor();

    // A plain member is sent from sign-pro to the overview, and has no link to it.
    const memberPage = await signIn(member.email);
    await memberPage.goto('/signal-freight/sign-pro');
    await memberPage.waitForURL('**/signal-freight/overview');
    await memberPage
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Overview' })
      .waitFor();
    expect(await memberPage.getByRole('link', { name: 'Sign-pro' }).count()).toBe(0);
  });
});
