import { startTestApp, type TestApp } from '@dispatch/standalone/testing';
import { join, ownerWithOrganization, PASSWORD, query } from '@dispatch/test-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { pickCity } from './city-picker.ts';

let app: TestApp;
let browser: Browser;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;

const ownerEmail = 'settings-owner@example.com';
const memberEmail = 'settings-member@example.com';

beforeAll(async () => {
  // Several sign-ins within seconds: the sign-in rate limit is not what this file tests.
  app = await startTestApp({ serveWeb: true, listen: true, env: { AUTH_RATE_LIMIT: 'off' } });
  browser = await launchChromium();
  owner = await ownerWithOrganization(app, ownerEmail, 'Lakeside Freight');
  await join(app, owner.cookie, memberEmail);
  await ownerWithOrganization(app, 'elsewhere-owner@example.com', 'Elsewhere Freight');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function signedIn(email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: app.url })).newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/lakeside-freight/overview');
  return page;
}

describe('organization settings and the rough edges a new user meets', () => {
  it('an owner renames the organization and changes its time zone', async () => {
    const page = await signedIn(ownerEmail);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/lakeside-freight/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Settings · Lakeside Freight');

    await page.getByLabel('Organization name').fill('Lakeshore Freight');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('The organization has been renamed.').waitFor();
    // The navigation follows at once; the address keeps its slug.
    await page.getByTestId('organization-name').filter({ hasText: 'Lakeshore Freight' }).waitFor();
    expect(page.url()).toContain('/lakeside-freight/settings');

    const zone = page.getByRole('combobox', { name: 'Time zone' });
    expect(await zone.inputValue()).toBe('America/Chicago');
    await zone.selectOption('America/New_York');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.getByText('The time zone has been saved.').waitFor();
    const saved = await query(app, owner.cookie, '/api/v1/organization/get-full-organization');
    expect(saved.json().data).toMatchObject({ name: 'Lakeshore Freight', timeZone: 'America/New_York' });

    // Read again from the server after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('America/New_York');
    expect(await page.getByLabel('Organization name').inputValue()).toBe('Lakeshore Freight');
    // Only an owner deletes, after typing the name.
    await page.getByRole('button', { name: 'Delete organization' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete organization' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type “Lakeshore Freight” to confirm').fill('lakeshore freight');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.context().close();
  });

  it('a member sent away from Members, Settings or another organization is told why', async () => {
    const page = await signedIn(memberEmail);
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0);

    await page.goto('/lakeside-freight/members');
    await page.waitForURL('**/lakeside-freight/overview');
    await page.getByText('Only owners and admins can open Members').waitFor();

    await page.goto('/lakeside-freight/settings');
    await page.waitForURL('**/lakeside-freight/overview');
    await page.getByText('Only owners and admins can open Settings').waitFor();

    await page.goto('/elsewhere-freight/trucks');
    await page.waitForURL('**/lakeside-freight/overview');
    await page.getByText('You are not a member of that organization').waitFor();
    await page.context().close();
  });

  it('a page that does not exist says so in its tab', async () => {
    const page = await signedIn(ownerEmail);
    await page.goto('/lakeside-freight/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Page not found');
    // Not another organization's page either: no redirect, no "not a member" notice.
    await page.goto('/totally/unknown/path');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/totally/unknown/path');
    expect(await page.getByText('You are not a member of that organization').count()).toBe(0);
    await page.context().close();
  });

  it('takes a phone number as people type it and shows it so, dialling its E.164 form', async () => {
    const page = await signedIn(ownerEmail);
    await page.goto('/lakeside-freight/trucks/post');
    await page.getByLabel('Trailer type').selectOption('FLATBED');
    await page.getByLabel('Truck name').fill('Typed Phone');
    await page.getByLabel('State', { exact: true }).selectOption('IL');
    await pickCity(page, 'City', 'chi', 'Chicago');
    await page.getByLabel('Availability date').fill('2026-11-21');
    await page.getByLabel('Dispatcher name').fill('Dana Dispatcher');
    await page.getByLabel('Dispatcher phone').fill('(312) 555-0199');
    await page.getByLabel('Dispatcher email').fill('dana@example.com');
    await page.getByRole('button', { name: 'Post truck' }).click();
    await page.waitForURL('**/lakeside-freight/trucks');
    const row = page.locator('tr', { hasText: 'Typed Phone' });
    await row.waitFor();
    const phone = row.getByRole('link', { name: '(312) 555-0199' });
    await phone.waitFor();
    expect(await phone.getAttribute('href')).toBe('tel:+13125550199');
    // Stored as its ten digits, the country code apart.
    const trucks = await query(app, owner.cookie, '/api/v1/trucks?search=Typed');
    expect(trucks.json().data[0]).toMatchObject({
      dispatcherCountryCode: '+1',
      dispatcherMobileNumber: '3125550199',
    });

    // A number that is not a US one is refused with the spec's message.
    await page.goto('/lakeside-freight/trucks/post');
    await page.getByLabel('Dispatcher phone').fill('(555) 123-4567');
    await page.getByRole('button', { name: 'Post truck' }).click();
    await page.getByText('Invalid US phone number. Must be 10 digits (with optional +1 prefix)').waitFor();
    await page.context().close();
  });

  it('a platform admin looks at an organization read only from the admin area', async () => {
    const password = 'settings-admin-password';
    await app.infrastructure.auth.createUser({
      email: 'settings-platform-admin@example.com',
      password,
      name: 'Pat Admin',
      role: 'super_admin',
    });
    const page = await (await browser.newContext({ baseURL: app.url })).newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('settings-platform-admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/admin');
    await page.goto('/admin/organizations');
    await page.getByRole('link', { name: 'Lakeshore Freight' }).click();
    await page.waitForURL(`**/admin/organizations/${owner.organization.id}`);
    await page.getByRole('heading', { name: 'Lakeshore Freight', level: 1 }).waitFor();
    await page.getByText('America/New York').first().waitFor();
    const members = page.getByTestId('admin-member-row');
    await members.filter({ hasText: memberEmail }).waitFor();
    expect(await members.count()).toBe(2);
    await expect.poll(() => page.title()).toBe('Lakeshore Freight · Admin');

    // The organization's own pages stay closed to them, with a word on where to look instead.
    await page.goto('/lakeside-freight/overview');
    await page.waitForURL('**/admin');
    await page.getByText('Platform admins look at organizations from Admin → Organizations').waitFor();
    await page.context().close();
  });
});
