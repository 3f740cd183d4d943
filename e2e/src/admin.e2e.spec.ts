import { ownerWithOrganization } from '@dispatch/test-kit';
import { describe, expect, it } from 'vitest';
import { app, newPage, signInAs, useBrowserApp } from './harness.ts';

useBrowserApp();

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

    const page = await newPage();
    await signInAs(page, 'e2e-admin@example.com', password, '**/admin');
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

    // One group alone, from its row: the boards, with their rows counted.
    const boards = page.getByTestId('read-model-group').filter({ hasText: 'Boards' });
    expect(await boards.textContent()).toMatch(/trucks_v\d/);
    await boards.getByRole('button', { name: 'Rebuild boards' }).click();
    await page
      .getByRole('dialog', { name: 'Rebuild the boards?' })
      .getByRole('button', { name: 'Rebuild', exact: true })
      .click();
    await status.getByText('Completed · the boards').waitFor({ timeout: 20_000 });
  });
});
