import { validTruck } from '@dispatch/standalone/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { app, ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';
import { postTruckForm } from './truck-form.ts';

/**
 * The boards for a keyboard and a screen reader: what others change is said in a polite live region
 * and the new rows are a button away; j / k choose a row (aria-selected) and take focus to it; `?`
 * opens the Keyboard help; the command menu finds a truck by its city through one search, goes to
 * Settings, and never asks for a posting id that does not exist.
 */

useBrowserApp();
let cookie: string;
let slug: string;

beforeAll(async () => {
  ({ cookie, slug } = await ownerThroughApi('e2e-keys@example.com', 'Kit Keys', 'Keyboard Live Freight'));
  for (const [name, city, state] of [
    ['Steel Sparrow', 'Pittsburgh', 'PA'],
    ['Prairie Owl', 'Peoria', 'IL'],
    ['Lake Heron', 'Chicago', 'IL'],
  ] as const) {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { cookie, origin: app.url },
      payload: { ...validTruck, truckName: name, truckCity: city, truckState: state },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
});

// Page scripts as strings, so this file needs no DOM types.
const liveRegionText = (page: Page) =>
  page.evaluate(`document.querySelector('[data-board-announcements]')?.textContent ?? null`) as Promise<
    string | null
  >;
const focusedTruckId = (page: Page) =>
  page.evaluate(`document.activeElement?.getAttribute('data-truck-id') ?? null`) as Promise<string | null>;

async function board() {
  const { context, page } = await signedInPage(cookie, { viewport: { width: 1366, height: 768 } });
  await page.goto(`/${slug}/trucks`);
  await page.locator('tr[data-truck-id]').first().waitFor();
  return { context, page };
}

describe('a live board, for a screen reader and a keyboard', () => {
  it('says politely what a second browser posted, and the new row is a button away', async () => {
    const { context, page } = await board();
    expect(await page.locator('[data-board-announcements]').getAttribute('aria-live')).toBe('polite');
    expect(await liveRegionText(page)).toBe('');

    const second = await signedInPage(cookie, { viewport: { width: 1366, height: 768 } });
    await second.page.goto(`/${slug}/trucks/post`);
    await postTruckForm(second.page, slug, {
      trailerType: 'FLATBED',
      name: 'Night Kestrel',
      city: { place: 'Springfield' },
      dispatcher: { name: 'Kit Keys', email: 'kit@example.com' },
    });

    await page.locator('tr', { hasText: 'Night Kestrel' }).waitFor({ timeout: 10_000 });
    // Focus stayed where it was when the row arrived.
    expect(await page.evaluate('document.activeElement === document.body')).toBe(true);
    await expect.poll(() => liveRegionText(page), { timeout: 10_000 }).toBe('1 new truck');

    const newRows = page.getByRole('button', { name: /1 new truck/ });
    await newRows.focus();
    await page.keyboard.press('Enter');
    const kestrel = await page.locator('tr', { hasText: 'Night Kestrel' }).getAttribute('data-truck-id');
    expect(await focusedTruckId(page)).toBe(kestrel);
    await newRows.waitFor({ state: 'detached' });

    // The user menu turns the announcements off: the next posting is shown, not said.
    await page.getByRole('button', { name: 'User menu' }).click();
    const setting = page.getByRole('menuitemcheckbox', { name: 'Announce board changes' });
    expect(await setting.getAttribute('aria-checked')).toBe('true');
    await setting.click();
    expect(await setting.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    await second.page.goto(`/${slug}/trucks/post`);
    await postTruckForm(second.page, slug, {
      trailerType: 'FLATBED',
      name: 'Quiet Wren',
      city: { place: 'Springfield' },
      dispatcher: { name: 'Kit Keys', email: 'kit@example.com' },
    });
    await page.locator('tr', { hasText: 'Quiet Wren' }).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(4000);
    expect(await liveRegionText(page)).toBe('');
    await second.context.close();
    await context.close();
  });

  it('j and k choose a row: aria-selected, and focus on it', async () => {
    const { context, page } = await board();
    const rows = page.locator('tr[data-truck-id]');
    await page.keyboard.press('j');
    await expect.poll(() => rows.nth(0).getAttribute('aria-selected')).toBe('true');
    expect(await focusedTruckId(page)).toBe(await rows.nth(0).getAttribute('data-truck-id'));
    await page.keyboard.press('j');
    await expect.poll(() => rows.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await rows.nth(0).getAttribute('aria-selected')).toBe('false');
    expect(await focusedTruckId(page)).toBe(await rows.nth(1).getAttribute('data-truck-id'));
    await page.keyboard.press('k');
    await expect.poll(() => focusedTruckId(page)).toBe(await rows.nth(0).getAttribute('data-truck-id'));
    expect(await page.locator('tr[aria-selected="true"]').count()).toBe(1);

    // ? opens the Keyboard help; Escape closes it and focus goes back to the row.
    await page.keyboard.press('Shift+Slash');
    const help = page.getByRole('dialog', { name: 'Keyboard' });
    await help.waitFor();
    expect(await help.textContent()).toContain('Next row');
    expect(await help.textContent()).toContain('Open the command menu');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await expect.poll(() => focusedTruckId(page)).toBe(await rows.nth(0).getAttribute('data-truck-id'));
    await context.close();
  });
});

describe('the command menu', () => {
  it('finds the truck located in a city through one search, knows every screen, and goes to Settings', async () => {
    const { context, page } = await board();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
    });
    await page.keyboard.press('Control+K');
    const menu = page.getByRole('dialog', { name: 'Command menu' });
    await menu.waitFor();
    await page.keyboard.type('Pittsburgh');
    await menu.getByRole('option', { name: /Steel Sparrow · Pittsburgh, PA/ }).waitFor();
    expect(asked.filter((path) => path.startsWith('/api/v1/search?'))).toEqual([
      '/api/v1/search?q=Pittsburgh&limit=5',
    ]);
    expect(asked.filter((path) => /^\/api\/v1\/(trucks|loads)\?.*search=Pittsburgh/.test(path))).toEqual([]);

    for (const [typed, screen] of [
      ['saved', 'Saved searches'],
      ['lane', 'Lane search'],
      ['lane hist', 'Lane history'],
      ['account', 'Account'],
      ['webhooks', 'Webhooks'],
    ] as const) {
      await menu.getByRole('combobox').fill(typed);
      await menu.getByRole('option', { name: screen, exact: true }).waitFor();
    }
    await menu.getByRole('combobox').fill('settings');
    await menu.getByRole('option', { name: 'Settings', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/${slug}/settings`);
    await context.close();
  });

  it('asks one search for digits, and nothing answers 404', async () => {
    const { context, page } = await board();
    const failed: string[] = [];
    const asked: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/')) return;
      asked.push(`${url.pathname}${url.search}`);
      if (response.status() >= 400) failed.push(`${response.status()} ${url.pathname}`);
    });
    await page.keyboard.press('Control+K');
    const menu = page.getByRole('dialog', { name: 'Command menu' });
    await menu.waitFor();
    await page.keyboard.type('148');
    await menu.getByText('Nothing matches “148”.').waitFor();
    await expect.poll(() => asked.some((path) => path.startsWith('/api/v1/search?q=148'))).toBe(true);
    expect(asked.filter((path) => /^\/api\/v1\/(trucks|loads)\/\d+/.test(path))).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });
});
