import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, browser, useBrowserApp } from './harness.ts';

useBrowserApp();

const THEME_KEY = 'vite-ui-theme';

const isDark = async (page: Page) =>
  ((await page.locator('html').getAttribute('class')) ?? '').split(/\s+/).includes('dark');
const storedTheme = (page: Page) => page.evaluate((key) => localStorage.getItem(key), THEME_KEY);

async function chooseTheme(page: Page, theme: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: 'Theme', exact: true }).click();
  await page.getByRole('menuitemradio', { name: theme }).click();
}

describe('the theme on the public pages (docs/rules.md#what-the-product-does)', () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ baseURL: app.url, colorScheme: 'light' });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('switches a signed-out visitor to dark on /login, and keeps it after a reload', async () => {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await isDark(page)).toBe(false);

    await chooseTheme(page, 'Dark');
    await page.waitForSelector('html.dark');
    expect(await storedTheme(page)).toBe('dark');

    await page.reload();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await isDark(page)).toBe(true);
    // The menu shows the stored choice.
    await page.getByRole('button', { name: 'Theme', exact: true }).click();
    expect(await page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('offers the same choice on the other public pages, stored for the whole site', async () => {
    const page = await context.newPage();
    await page.goto('/sign-up');
    // The choice made on /login holds here too.
    await page.waitForSelector('html.dark');
    await chooseTheme(page, 'Light');
    await page.waitForSelector('html:not(.dark)');
    expect(await storedTheme(page)).toBe('light');

    for (const path of [
      '/forgot-password',
      '/reset-password',
      '/verify-email',
      '/accept-invitation/unknown',
    ]) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Theme', exact: true }).waitFor();
    }
    await page.close();
  });

  it('follows the operating system with "System"', async () => {
    const dark = await browser.newContext({ baseURL: app.url, colorScheme: 'dark' });
    const page = await dark.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    // Light by default (docs/rules.md#constants-and-limits's default theme), whatever the system prefers.
    expect(await isDark(page)).toBe(false);
    await chooseTheme(page, 'System');
    await page.waitForSelector('html.dark');
    expect(await storedTheme(page)).toBe('system');
    await dark.close();
  });
});
