import { join } from 'node:path';
import { type OutboxMail, readOutbox, readSmsOutbox } from '@dispatch/auth';
import { signUp as signUpVerified } from '@dispatch/standalone/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cookiesOf } from './browser.ts';
import { app, browser, newPage, useBrowserApp } from './harness.ts';

useBrowserApp();

const email = 'e2e-identity@example.com';
const signUpPassword = 'first-password-1';
const changedPassword = 'second-password-2';
const resetPassword = 'third-password-3';

/** The mails to this address with this subject, oldest first. */
async function mails(subject: string, to: string): Promise<OutboxMail[]> {
  const all = await readOutbox(join(app.dataDir, 'outbox'));
  return all.filter((mail) => mail.to === to && mail.subject === subject);
}

/** Polls until `read` finds something: mail and texts are written after the call that caused them answered. */
async function eventually<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} never arrived`);
}

/** Runs `action`, then waits for the mail it sends. */
async function mailAfter(subject: string, action: () => Promise<void>, to = email): Promise<OutboxMail> {
  const before = (await mails(subject, to)).length;
  await action();
  return eventually(`The mail "${subject}" to ${to}`, async () => {
    const found = await mails(subject, to);
    return found.length > before ? found.at(-1) : undefined;
  });
}

/** The one link of a mail: the service's address that carries the token. */
function linkIn(mail: OutboxMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`The mail "${mail.subject}" has no link`);
  expect(link.startsWith(`${app.url}/api/auth/`)).toBe(true);
  return link;
}

async function signIn(page: Page, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function openUserMenuItem(page: Page, item: 'Account' | 'Sign out') {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('links that cannot be used', () => {
  it('show why: a bad verification token and an expired reset link', async () => {
    const page = await newPage();
    await page.goto('/verify-email?token=not-a-token');
    await page.getByRole('heading', { name: 'Your email address could not be verified' }).waitFor();
    expect(await page.getByTestId('verify-email-error').textContent()).toBe('invalid_token');
    await page.getByRole('button', { name: 'Send a new verification link' }).waitFor();

    await page.goto('/reset-password?error=INVALID_TOKEN');
    await page.getByText('This password reset link is invalid or has expired').waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email address is required').waitFor();
  });
});

describe('the life of an account', () => {
  it('signs up, verifies by mail, signs in, changes the password, resets it by mail and deletes the account', async () => {
    const page = await newPage();

    // Sign-up waits for the address to be verified instead of entering the app.
    const verification = await mailAfter('Verify your email address', async () => {
      await page.goto('/sign-up');
      await page.getByLabel('Name').fill('Ivy Identity');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(signUpPassword);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    });
    expect(page.url()).toMatch(/\/sign-up$/);

    // Until then a sign-in is refused (and another link goes out).
    await mailAfter('Verify your email address', async () => {
      await signIn(page, signUpPassword);
      await page.getByText('Your email address is not verified yet').waitFor();
    });

    // The mailed link verifies the address and signs its owner in.
    await page.goto(linkIn(verification));
    await page.waitForURL('**/onboarding');
    await openUserMenuItem(page, 'Sign out');
    await page.waitForURL('**/login');

    await signIn(page, signUpPassword);
    await page.waitForURL('**/onboarding');

    // The account page changes the password; the confirmation must match first.
    await openUserMenuItem(page, 'Account');
    await page.waitForURL('**/account');
    const passwordSection = page.getByRole('region', { name: 'Password' });
    await passwordSection.getByLabel('Current password').fill(signUpPassword);
    await passwordSection.getByLabel('New password', { exact: true }).fill(changedPassword);
    await passwordSection.getByLabel('Confirm new password').fill(`${changedPassword}x`);
    await passwordSection.getByRole('button', { name: 'Change password' }).click();
    await passwordSection.getByText('Passwords do not match').waitFor();
    await passwordSection.getByLabel('Confirm new password').fill(changedPassword);
    await passwordSection.getByRole('button', { name: 'Change password' }).click();
    await passwordSection.getByText('Your password has been changed.').waitFor();

    await openUserMenuItem(page, 'Sign out');
    await page.waitForURL('**/login');

    // Forgotten anyway: the reset link mailed to the address sets a new one.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    const reset = await mailAfter('Reset your password', async () => {
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page
        .getByText('If this email exists in our system, check your email for the reset link')
        .waitFor();
    });
    await page.goto(linkIn(reset));
    await page.waitForURL(/\/reset-password\?token=/);
    await page.getByLabel('New password', { exact: true }).fill(resetPassword);
    await page.getByLabel('Confirm password').fill(resetPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed').waitFor();

    await signIn(page, resetPassword);
    await page.waitForURL('**/onboarding');

    // Deletion takes the password and the typed phrase, then the link mailed to confirm it.
    await page.goto('/account');
    await page
      .getByRole('region', { name: 'Delete account' })
      .getByRole('button', { name: 'Delete account' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password').fill(resetPassword);
    await dialog.getByLabel('Type "delete my account" to confirm').fill('delete account');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByText('You must type: "delete my account"').waitFor();
    const deletion = await mailAfter('Confirm the deletion of your account', async () => {
      await dialog.getByLabel('Type "delete my account" to confirm').fill('delete my account');
      await dialog.getByRole('button', { name: 'Delete account' }).click();
      await page.getByText('Your account is deleted when you open it').waitFor();
    });
    await page.goto(linkIn(deletion));
    await page.waitForURL('**/login');

    // The account is gone: the browser's session ended with it, and its password opens nothing.
    await page.goto('/account');
    await page.waitForURL('**/login?redirect=%2Faccount');
    // Asked from another address: this browser's address has used up its sign-in attempts for
    // the rate-limit window, which would answer 429 whatever the account.
    const attempt = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: app.url },
      remoteAddress: '198.51.100.7',
      payload: { email, password: resetPassword },
    });
    expect(attempt.statusCode).toBe(401);
    expect(attempt.json().message).toBe('Invalid email or password');
  });
});

describe('the account page', () => {
  const owner = 'e2e-account-page@example.com';
  const password = 'correct-horse-battery';
  const newAddress = 'e2e-account-page-new@example.com';

  /** Another browser of the same user, signed in through the API from an address of its own. */
  async function otherSession(remoteAddress: string): Promise<string> {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: app.url },
      remoteAddress,
      payload: { email: owner, password },
    });
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
  }

  async function isSignedIn(cookie: string): Promise<boolean> {
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    return response.statusCode === 200 && response.json() !== null;
  }

  async function pageWithSession(cookie: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.url });
    await context.addCookies(cookiesOf(cookie, app.url));
    return context.newPage();
  }

  it('edits the profile, verifies a phone by text, revokes sessions and changes a verified e-mail address', async () => {
    const own = await signUpVerified(app, owner, 'Sam Sessions');
    const second = await otherSession('198.51.100.21');
    const third = await otherSession('198.51.100.22');
    const page = await pageWithSession(own);
    await page.goto('/account');

    // Profile: the new display name shows in the user menu at once.
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Display name').fill('Samantha Sessions');
    await profile.getByLabel('First name').fill('Samantha');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Your profile has been saved.').waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menu').getByText('Samantha Sessions').waitFor();
    await page.keyboard.press('Escape');

    // Phone: refused until it is a US number, saved once the texted code comes back.
    const phone = page.getByRole('region', { name: 'Phone number' });
    await phone.getByLabel('Phone number').fill('555-0142');
    await phone.getByRole('button', { name: 'Send code' }).click();
    await phone.getByText('Invalid US phone number. Must be 10 digits (with optional +1 prefix)').waitFor();
    await phone.getByLabel('Phone number').fill('3125550142');
    await phone.getByRole('button', { name: 'Send code' }).click();
    await phone.getByLabel('Code').waitFor();
    const code = await eventually('The text with the code', async () => {
      const texts = await readSmsOutbox(join(app.dataDir, 'outbox'));
      const text = texts.filter((sms) => sms.to === '+13125550142').at(-1);
      return text ? /\b\d{6}\b/.exec(text.text)?.[0] : undefined;
    });
    await phone.getByLabel('Code').fill(code);
    await phone.getByRole('button', { name: 'Verify' }).click();
    await phone.getByText('Your phone number has been verified and saved.').waitFor();
    expect(await phone.getByTestId('current-phone').textContent()).toBe('(312) 555-0142');

    // Sessions: this browser and the two others; one revoked, then all the others.
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    const rows = sessions.getByRole('listitem');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    expect(await rows.first().getAttribute('data-current')).toBe('true');
    await sessions
      .getByRole('button', { name: /^Revoke / })
      .first()
      .click();
    await rows.nth(2).waitFor({ state: 'detached' });
    expect([await isSignedIn(second), await isSignedIn(third)].filter(Boolean)).toHaveLength(1);
    await sessions.getByRole('button', { name: 'Revoke all other sessions' }).click();
    await rows.nth(1).waitFor({ state: 'detached' });
    expect(await isSignedIn(second)).toBe(false);
    expect(await isSignedIn(third)).toBe(false);
    expect(await isSignedIn(own)).toBe(true);

    // E-mail: a verified address changes only after the link sent to it, then the one sent to the new address.
    const emailSection = page.getByRole('region', { name: 'Email address' });
    const confirmation = await mailAfter(
      'Confirm your new email address',
      async () => {
        await emailSection.getByLabel('New email address').fill(newAddress);
        await emailSection.getByRole('button', { name: 'Change email' }).click();
        await emailSection.getByText(`We sent a link to ${owner}`).waitFor();
      },
      owner,
    );
    expect(await emailSection.getByTestId('current-email').textContent()).toBe(owner);
    const verification = await mailAfter(
      'Verify your email address',
      async () => {
        await page.goto(linkIn(confirmation));
        await page.waitForURL('**/account');
      },
      newAddress,
    );
    await page.goto(linkIn(verification));
    await page.waitForURL('**/account');
    await page.getByTestId('current-email').getByText(newAddress).waitFor();
  });
});
