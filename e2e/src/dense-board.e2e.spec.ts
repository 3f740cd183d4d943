import { validLoad, validTruck } from '@dispatch/standalone/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { app, ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';

useBrowserApp();
let cookie: string;
let slug: string;

const TRUCKS = 30;

async function post(path: string, payload: Record<string, unknown>) {
  const response = await app.app.inject({
    method: 'POST',
    url: path,
    headers: { cookie, origin: app.url },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response;
}

beforeAll(async () => {
  ({ cookie, slug } = await ownerThroughApi('e2e-dense@example.com', 'Dee Dense', 'Dense Board Freight'));
  for (let n = 1; n < TRUCKS; n++) {
    await post('/api/v1/trucks', {
      ...validTruck,
      truckName: `Dense Truck ${String(n).padStart(2, '0')} with a long name for a line`,
      unitNumber: `D-${n}`,
      companyName: 'Heartland Hauling and Long Distance Freight',
    });
  }
  await post('/api/v1/trucks', { ...validTruck, truckName: 'Keyboard Kite', unitNumber: 'K-1' });
  for (let n = 0; n < 5; n++)
    await post('/api/v1/loads', { ...validLoad, customerName: `Dense Customer ${n}` });
  await post('/api/v1/envelopes', {
    type: 'driver',
    deliveryMethod: 'email',
    receiverName: 'Dora Driver',
    receiverEmail: 'dora-driver@example.com',
  });
});

/** A browser of the organization's owner (the session made through the API). */
async function signedIn(
  viewport: { width: number; height: number },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  // The app's own theme setting is light by default.
  return signedInPage(cookie, { viewport, colorScheme });
}

// Page scripts as strings, so this file needs no DOM types.
/** Whether the page itself scrolls sideways (never the grids inside their frames). */
const pageScrollsSideways = async (page: Page) =>
  (await page.evaluate(
    '(document.scrollingElement ?? document.documentElement).scrollWidth > (document.scrollingElement ?? document.documentElement).clientWidth',
  )) as boolean;
const activeElement = async (page: Page, property: string) =>
  (await page.evaluate(`document.activeElement?.${property} ?? null`)) as string | null;

const truckRows = (page: Page) => page.locator('tr[data-truck-id]');

/** Rows wholly in sight: inside the window and inside the grid's scrolling frame. */
async function rowsInView(page: Page, selector: string): Promise<number> {
  return (await page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].filter((row) => {
      const box = row.getBoundingClientRect();
      const frame = row.closest('table').parentElement.getBoundingClientRect();
      const head = row.closest('table').querySelector('thead').getBoundingClientRect();
      return box.height > 0 && box.top >= Math.max(0, head.bottom - 1) &&
        box.bottom <= Math.min(window.innerHeight, frame.bottom) + 0.5;
    }).length`,
  )) as number;
}

async function insideViewport(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}

describe('dense boards', () => {
  const viewports = [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ];
  for (const viewport of viewports) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`no page scrolls sideways at ${viewport.width}×${viewport.height}, ${scheme}`, async () => {
        const { context, page } = await signedIn(viewport, scheme);
        const row = viewport.width < 640 ? 'li' : 'tr';
        const pages: [string, (page: Page) => Promise<void>][] = [
          // Below 640 px the rows are cards.
          [`/${slug}/trucks`, (p) => p.locator(`${row}[data-truck-id]`).first().waitFor()],
          [`/${slug}/loads`, (p) => p.locator(`${row}[data-load-id]`).first().waitFor()],
          [
            `/${slug}/radius?state=IL&city=Chicago&radius=200`,
            (p) => p.locator(`${row}[data-truck-id]`).first().waitFor(),
          ],
          [`/${slug}/sign-pro/drivers`, (p) => p.locator(`${row}[data-envelope-id]`).first().waitFor()],
        ];
        for (const [path, ready] of pages) {
          await page.goto(path);
          await ready(page);
          expect(await page.evaluate("document.documentElement.classList.contains('dark')")).toBe(
            scheme === 'dark',
          );
          expect(await pageScrollsSideways(page), `${path} scrolls sideways`).toBe(false);
        }
        await context.close();
      });
    }
  }

  it('shows at least 20 trucks at 1366×768 in compact rows, with their actions in view, and keeps the page size', async () => {
    const { context, page } = await signedIn({ width: 1366, height: 768 });
    await page.goto(`/${slug}/trucks`);
    await truckRows(page).first().waitFor();
    await page.getByLabel('Rows per page').selectOption('25');
    await expect.poll(() => truckRows(page).count()).toBe(25);
    expect(await page.locator('table[data-density]').getAttribute('data-density')).toBe('compact');
    expect(await rowsInView(page, 'tr[data-truck-id]')).toBeGreaterThanOrEqual(20);
    expect(await pageScrollsSideways(page)).toBe(false);
    // The page itself does not scroll: the grid does, inside its frame.
    expect(await page.evaluate('document.scrollingElement.scrollHeight <= window.innerHeight')).toBe(true);

    // The edit and delete buttons of the first and the twentieth row are inside the window.
    for (const index of [0, 19]) {
      const row = truckRows(page).nth(index);
      expect(await insideViewport(page, row.getByRole('link', { name: 'Edit' })), `row ${index} edit`).toBe(
        true,
      );
      expect(
        await insideViewport(page, row.getByRole('button', { name: 'Delete' })),
        `row ${index} delete`,
      ).toBe(true);
    }
    // One line a row: a long name is cut short, the whole of it on hover.
    const name = truckRows(page).filter({ hasText: 'Dense Truck 29' }).locator('td').first().locator('div');
    expect(await name.getAttribute('title')).toBe('Dense Truck 29 with a long name for a line');
    const heights = await truckRows(page).evaluateAll((rows) =>
      rows.map((row) => row.getBoundingClientRect().height),
    );
    expect(Math.max(...heights)).toBeLessThanOrEqual(30);

    // The saved page size holds on the next visit to the plain address.
    await page.goto(`/${slug}/overview`);
    await page.goto(`/${slug}/trucks`);
    await truckRows(page).first().waitFor();
    await expect.poll(() => truckRows(page).count()).toBe(25);

    // Comfortable rows are taller; the choice is kept too.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemradio', { name: 'Comfortable' }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator('table[data-density]').getAttribute('data-density'))
      .toBe('comfortable');
    // A column hidden from the Columns menu stays hidden after a reload.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Trailer type' }).click();
    await page.keyboard.press('Escape');
    await page.reload();
    await truckRows(page).first().waitFor();
    expect(await page.locator('table[data-density]').getAttribute('data-density')).toBe('comfortable');
    expect(await page.getByRole('columnheader', { name: 'Trailer type' }).count()).toBe(0);
    await context.close();
  });

  it('works from the keyboard: the command menu finds a truck, the edit saves with Enter, the board shows it', async () => {
    const { context, page } = await signedIn({ width: 1366, height: 768 });
    await page.goto(`/${slug}/trucks`);
    await truckRows(page).first().waitFor();

    // The board's shortcuts: / to search, j / k to choose a row, n to post.
    await page.keyboard.press('/');
    expect(await activeElement(page, 'type')).toBe('search');
    await page.keyboard.press('Tab');
    await page.evaluate('document.activeElement?.blur()');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    expect(await page.locator('tr[data-selected="true"]').count()).toBe(1);
    expect(await truckRows(page).first().getAttribute('data-selected')).toBe('true');
    await page.keyboard.press('n');
    await page.waitForURL(`**/${slug}/trucks/post`);
    await page.goBack();
    await truckRows(page).first().waitFor();

    // Ctrl-K, the truck's name, Enter: its edit screen.
    await page.keyboard.press('Control+K');
    const menu = page.getByRole('dialog', { name: 'Command menu' });
    await menu.waitFor();
    await page.keyboard.type('Keyboard Kite');
    await menu.getByRole('option', { name: /Keyboard Kite/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/${slug}/trucks/edit/\\d+$`));
    const nameField = page.getByLabel('Truck name');
    await expect.poll(() => nameField.inputValue()).toBe('Keyboard Kite');

    // Tab to the truck name, type a new one, save with Enter.
    const nameId = await nameField.getAttribute('id');
    for (let presses = 0; presses < 60; presses++) {
      if ((await activeElement(page, 'id')) === nameId) break;
      await page.keyboard.press('Tab');
    }
    expect(await activeElement(page, 'id')).toBe(nameId);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Keyboard Kestrel');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/${slug}/trucks$`));
    await truckRows(page).filter({ hasText: 'Keyboard Kestrel' }).waitFor();
    expect(await truckRows(page).filter({ hasText: 'Keyboard Kite' }).count()).toBe(0);

    // Enter on a row chosen with j opens it.
    await page.keyboard.press('j');
    const chosen = await page.locator('tr[data-selected="true"]').getAttribute('data-truck-id');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/${slug}/trucks/edit/${chosen}$`));
    await context.close();
  });

  it('opens a row with a click anywhere but its controls, a card from its title, and the command menu works on a phone', async () => {
    const { context, page } = await signedIn({ width: 700, height: 844 });
    await page.goto(`/${slug}/loads`);
    const row = page.locator('tr[data-load-id]').first();
    await row.waitFor();
    const id = await row.getAttribute('data-load-id');
    await row.locator('td').nth(1).click();
    await page.waitForURL(new RegExp(`/${slug}/loads/edit/${id}$`));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${slug}/loads`);
    const card = page.locator(`li[data-load-id="${id}"]`);
    await card.getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/${slug}/loads/edit/${id}$`));

    await page.getByRole('button', { name: 'Search or jump to…' }).click();
    const menu = page.getByRole('dialog', { name: 'Command menu' });
    await menu.getByRole('combobox').fill('radius 360');
    await menu.getByRole('option', { name: 'Radius 360' }).click();
    await page.waitForURL(`**/${slug}/radius-360`);
    expect(await pageScrollsSideways(page)).toBe(false);
    await context.close();
  });
});
