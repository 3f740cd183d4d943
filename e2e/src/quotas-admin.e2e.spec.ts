import { ownerWithOrganization } from '@dispatch/test-kit';
import { describe, expect, it } from 'vitest';
import { app, browser, signInAs, useBrowserApp } from './harness.ts';

useBrowserApp();

const shotDir = process.env.SCREENSHOT_DIR;

describe('an organization’s sending on the admin screen', () => {
  it('shows usage per channel and saves raised limits, on a phone and a desktop, light and dark', async () => {
    const password = 'admin-password-1';
    await app.infrastructure.auth.createUser({
      email: 'quota-e2e-admin@example.com',
      password,
      name: 'Pat Admin',
      role: 'super_admin',
    });
    const owner = await ownerWithOrganization(app, 'quota-e2e-owner@example.com', 'Sending Freight');
    const send = await app.app.inject({
      method: 'POST',
      url: '/api/v1/envelopes',
      headers: { cookie: owner.cookie, origin: app.url },
      payload: { type: 'client', deliveryMethod: 'email', receiverName: 'R', receiverEmail: 'r@example.com' },
    });
    expect(send.statusCode).toBe(201);

    // One sign-in (the sign-in rate limit allows 3 in 10 seconds), its cookies reused by every context.
    const signIn = await browser.newContext({ baseURL: app.url });
    const signInPage = await signIn.newPage();
    await signInAs(signInPage, 'quota-e2e-admin@example.com', password, '**/admin');
    const storageState = await signIn.storageState();
    await signIn.close();

    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          baseURL: app.url,
          viewport: { width, height },
          storageState,
        });
        await context.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
        const page = await context.newPage();
        await page.goto(`/admin/organizations/${owner.organization.id}`);
        const email = page.getByTestId('quota-usage').filter({ hasText: 'E-mail' });
        await email.waitFor();
        expect(await email.textContent()).toMatch(/1 \/ 20 last hour/);
        const overflow = await page.evaluate(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        expect(overflow).toBe(0);
        await page.getByRole('heading', { name: 'Sending', exact: true }).scrollIntoViewIfNeeded();
        if (shotDir)
          await page.screenshot({ path: `${shotDir}/admin-sending-${width}-${theme}.png`, fullPage: true });
        await context.close();
      }
    }

    const context = await browser.newContext({ baseURL: app.url, storageState });
    const page = await context.newPage();
    await page.goto(`/admin/organizations/${owner.organization.id}`);
    await page.getByLabel('Organization / hour').first().fill('250');
    await page.getByLabel('Organization / day').first().fill('900');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Limits set by a platform admin').waitFor();
    expect(await page.getByTestId('quota-usage').filter({ hasText: 'E-mail' }).textContent()).toMatch(
      /1 \/ 250 last hour.*1 \/ 900 last day/,
    );
    await context.close();
  });
});
