import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrganization, signUp, startTestApp, type TestApp } from '@dispatch/standalone/testing';
import type { Browser, BrowserContext, BrowserContextOptions, Download, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { cookiesOf, launchChromium } from './browser.ts';
import { linkIn, waitForMail } from './mail.ts';

/** The running app of the spec file (set once its first hook has run). */
export let app: TestApp;
/** The spec file's Chromium. */
export let browser: Browser;

/**
 * Starts the app (serving the web build, listening on a port) and Chromium before the spec file's
 * tests, and stops both after them; `app` and `browser` are theirs meanwhile.
 */
export function useBrowserApp(options: { env?: Record<string, string> } = {}): void {
  beforeAll(async () => {
    app = await startTestApp({ serveWeb: true, listen: true, ...options });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
}

/** A page in a browser context of its own, at the app's address. */
export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.url, ...options });
  return context.newPage();
}

/** Signs in on /login and waits for the address the app then opens (`landing`, a URL glob). */
export async function signInAs(page: Page, email: string, password: string, landing: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(landing);
}

/**
 * Signs up on /sign-up, opens the mailed verification link (which signs the new user in) and creates
 * an organization on onboarding; the page ends on its overview. Returns the organization's slug.
 */
export async function signUpWithOrganization(
  page: Page,
  user: { name: string; email: string; password: string },
  organization: string,
): Promise<string> {
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await page.goto(linkIn(await waitForMail(app.dataDir, user.email, 'Verify your email address')));
  await page.waitForURL('**/onboarding');
  await page.getByLabel('Organization name').fill(organization);
  await page.getByRole('button', { name: 'Create organization' }).click();
  const slug = organization.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await page.waitForURL(`**/${slug}/overview`);
  return slug;
}

/** An owner of a new organization, signed up through the API: their session cookie and its slug. */
export async function ownerThroughApi(
  email: string,
  name: string,
  organization: string,
): Promise<{ cookie: string; slug: string }> {
  const cookie = await signUp(app, email, name);
  return { cookie, slug: (await createOrganization(app, cookie, organization)).slug };
}

/**
 * A browser context holding the session of `cookie`, and a page in it. With a colour scheme, the
 * app's own theme setting is that scheme too, as the user menu stores it.
 */
export async function signedInPage(
  cookie: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: app.url, ...options });
  const { colorScheme } = options;
  if (colorScheme)
    await context.addInitScript((theme) => localStorage.setItem('vite-ui-theme', theme), colorScheme);
  await context.addCookies(cookiesOf(cookie, app.url));
  return { context, page: await context.newPage() };
}

/** Signs in through the API (as the sign-in form does): the session cookie. */
export async function sessionCookie(email: string, password: string): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: app.url },
    payload: { email, password },
  });
  return ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Shows a column the grid keeps in its Columns menu by default (docs/decisions.md#board-columns), as a
 * dispatcher does; the choice is kept for the user in this browser.
 */
export async function showColumn(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('columnheader', { name: new RegExp(`^${name}`) }).waitFor();
}

/**
 * The bytes of a download. The run's Chromium is a server the spec files connect to, so the file is
 * streamed here (`saveAs`) rather than read where the browser keeps it (`path()` is local only).
 */
export async function downloaded(download: Download): Promise<Buffer> {
  const file = join(tmpdir(), `dispatch-download-${randomUUID()}`);
  await download.saveAs(file);
  try {
    return await readFile(file);
  } finally {
    await rm(file, { force: true });
  }
}
