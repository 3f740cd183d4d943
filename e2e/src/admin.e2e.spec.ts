import { startTestApp, type TestApp } from '@dispatch/standalone/testing';
import { ownerWithOrganization } from '@dispatch/test-kit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ serveWeb: true, listen: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the platform admin area', () => {
  it('takes a super_admin to /admin, with the users and the organizations of the platform', async () => {
    const password = 'admin-password-1';
    await app.infrastructure.auth.createUser({
      email: 'e2e-admin@example.com',
      password,
      name: 'Pat Admin',
      role: 'super_admin',
    });
    await ownerWithOrganization(app, 'e2e-someone@example.com', 'Someone Freight');

    const page = await (await browser.newContext({ baseURL: app.url })).newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('e2e-admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Platform' }).waitFor();

    await page.getByRole('link', { name: 'Users', exact: true }).first().click();
    await page.waitForURL('**/admin/users');
    await page.getByTestId('user-row').filter({ hasText: 'e2e-someone@example.com' }).waitFor();
    await page.getByLabel('Search users').fill('someone');
    await page.waitForURL(/search=someone/);
    // The filtered page replaces the full one once its query answers: wait for the admin's row to go.
    await page
      .getByTestId('user-row')
      .filter({ hasText: 'e2e-admin@example.com' })
      .waitFor({ state: 'detached' });
    expect(await page.getByTestId('user-row').count()).toBe(1);

    await page.getByRole('link', { name: 'Organizations', exact: true }).first().click();
    await page.waitForURL('**/admin/organizations');
    const row = page.getByTestId('organization-row').filter({ hasText: 'Someone Freight' });
    await row.waitFor();
    expect(await row.textContent()).toContain('e2e-someone@example.com');

    // Rebuilding the read models from the admin overview: asked for, then reported done.
    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    await page.waitForURL(/\/admin$/);
    const status = page.getByTestId('read-models-status');
    await status.getByText('Not rebuilt yet').waitFor();
    await page.getByRole('button', { name: 'Rebuild read models' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rebuild', exact: true }).click();
    await page.getByText('Rebuild started').waitFor();
    await status.getByText('Completed').waitFor({ timeout: 20_000 });
    expect(await status.textContent()).toContain('Just now');
  });
});
