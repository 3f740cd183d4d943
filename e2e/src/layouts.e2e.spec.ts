import { validLoad, validTruck } from '@dispatch/standalone/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { app, ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';

useBrowserApp();
let cookie: string;
let slug: string;

async function post(path: string, payload: Record<string, unknown>): Promise<number> {
  const response = await app.app.inject({
    method: 'POST',
    url: path,
    headers: { cookie, origin: app.url },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

beforeAll(async () => {
  ({ cookie, slug } = await ownerThroughApi('e2e-layouts@example.com', 'Lee Layout', 'Layout Line Freight'));
  await post('/api/v1/trucks', {
    ...validTruck,
    truckName: 'Prairie Wanderer of the Long Haul',
    companyName: 'Heartland Hauling and Long Distance Freight',
    trailerType: 'HIGH_SIDED_HOPPER',
  });
  await post('/api/v1/loads', { ...validLoad, originState: 'IL', originCity: 'Joliet' });
  await post('/api/v1/envelopes', {
    type: 'driver',
    deliveryMethod: 'email',
    receiverName: 'Dora Layout-Driver',
    receiverEmail: 'dora-layout@example.com',
  });
});

// Page scripts as strings, so this file needs no DOM types.
/** Each grid frame on the page: how wide its columns are and how wide it is. */
const gridWidths = (page: Page) =>
  page.evaluate(
    `[...document.querySelectorAll('[data-grid-frame]')].map((frame) => ({ scrollWidth: frame.scrollWidth, clientWidth: frame.clientWidth }))`,
  ) as Promise<{ scrollWidth: number; clientWidth: number }[]>;
/** Each plain table on the page (Radius 360's list, a lane's results): its width and its frame's. */
const tableWidths = (page: Page) =>
  page.evaluate(
    `[...document.querySelectorAll('table')].map((table) => ({ scrollWidth: table.scrollWidth, clientWidth: table.parentElement.clientWidth }))`,
  ) as Promise<{ scrollWidth: number; clientWidth: number }[]>;
const pageScrollsSideways = (page: Page) =>
  page.evaluate(
    '(document.scrollingElement ?? document.documentElement).scrollWidth > (document.scrollingElement ?? document.documentElement).clientWidth',
  ) as Promise<boolean>;

const laneSearch =
  'searchType=trucks&originState=IL&originCity=Chicago&originRadius=200&destinationState=TX&destinationCity=Dallas&destinationRadius=200';

const screens = () =>
  [
    [`/${slug}/trucks`, 'tr[data-truck-id]'],
    [`/${slug}/loads`, 'tr[data-load-id]'],
    [`/${slug}/radius?state=IL&city=Chicago&radius=200`, 'tr[data-truck-id]'],
    [`/${slug}/radius?state=IL&city=Chicago&radius=200&searchType=loads`, 'tr[data-load-id]'],
    [`/${slug}/sign-pro/drivers`, 'tr[data-envelope-id]'],
  ] as const;

describe('layouts', () => {
  it('at 1366×768 every grid shows its default columns without scrolling sideways, results above the fold', async () => {
    const { context, page } = await signedInPage(cookie, { viewport: { width: 1366, height: 768 } });
    for (const [path, row] of screens()) {
      await page.goto(path);
      await page.locator(row).first().waitFor();
      const grids = await gridWidths(page);
      expect(grids.length, path).toBe(1);
      for (const grid of grids) expect(grid.scrollWidth, path).toBeLessThanOrEqual(grid.clientWidth);
      // The first row is in the window: a search's results start above the fold.
      const box = await page.locator(row).first().boundingBox();
      expect(box && box.y + box.height, path).toBeLessThanOrEqual(768);
    }
    for (const path of [
      `/${slug}/radius-360?state=IL&city=Chicago&radius=200`,
      `/${slug}/lanes?${laneSearch}`,
    ]) {
      await page.goto(path);
      await page.locator('tr[data-truck-id]').first().waitFor();
      const tables = await tableWidths(page);
      expect(tables.length, path).toBe(1);
      for (const table of tables) expect(table.scrollWidth, path).toBeLessThanOrEqual(table.clientWidth);
    }
    // A search's form folds into a line; "Edit search" opens it again.
    await page.goto(`/${slug}/radius?state=IL&city=Chicago&radius=200`);
    await page.getByRole('button', { name: 'Edit search' }).click();
    await page.getByLabel('City', { exact: true }).waitFor();
    await context.close();
  });

  it('on a 390 px phone the boards are cards with where and when, and a post from another browser comes in live', async () => {
    const { context, page } = await signedInPage(cookie, { viewport: { width: 390, height: 844 } });
    await page.goto(`/${slug}/trucks`);
    const truck = page.locator('li[data-truck-id]').first();
    await truck.waitFor();
    expect(await page.locator('tr[data-truck-id]').first().isVisible()).toBe(false);
    const truckText = await truck.innerText();
    expect(truckText).toContain('Chicago, IL');
    expect(truckText).toContain('Dallas, TX');
    expect(truckText).toContain('Nov 21, 2026');
    // Its actions are finger-sized.
    const edit = await truck.getByRole('link', { name: 'Edit' }).boundingBox();
    expect(edit?.height).toBeGreaterThanOrEqual(44);
    expect(edit?.width).toBeGreaterThanOrEqual(44);
    await page.getByText('Live', { exact: true }).first().waitFor({ timeout: 10_000 });

    const second = await signedInPage(cookie, { viewport: { width: 1366, height: 768 } });
    const response = await second.context.request.post('/api/v1/trucks', {
      data: { ...validTruck, truckName: 'Night Owl', truckState: 'WI', truckCity: 'Madison' },
      headers: { origin: app.url },
    });
    expect(response.status(), await response.text()).toBe(201);
    const id = ((await response.json()) as { id: number }).id;
    const card = page.locator(`li[data-truck-id="${id}"]`);
    await card.waitFor({ timeout: 10_000 });
    expect(await card.innerText()).toContain('Madison, WI');
    await second.context.close();

    await page.goto(`/${slug}/loads`);
    const load = page.locator('li[data-load-id]').first();
    await load.waitFor();
    const loadText = await load.innerText();
    expect(loadText).toContain('Joliet, IL');
    expect(loadText).toContain('Chicago, IL');
    expect(loadText).toContain('Nov 21, 2026');
    expect(await pageScrollsSideways(page)).toBe(false);

    // Radius 360's list and a lane's results are cards too, with where and when, and no table.
    for (const path of [
      `/${slug}/radius-360?state=IL&city=Chicago&radius=200`,
      `/${slug}/lanes?${laneSearch}`,
    ]) {
      await page.goto(path);
      const found = page.locator('li[data-truck-id]').first();
      await found.waitFor();
      expect(await page.locator('table').count(), path).toBe(0);
      const text = await found.innerText();
      expect(text, path).toContain('Chicago, IL');
      expect(text, path).toContain('Nov 21, 2026');
      expect(await pageScrollsSideways(page), path).toBe(false);
    }
    await context.close();
  });

  it('at 200% zoom on a 1366×768 screen no page scrolls sideways', async () => {
    // 200% zoom: half as many CSS pixels, each drawn twice as large.
    const { context, page } = await signedInPage(cookie, {
      viewport: { width: 683, height: 384 },
      deviceScaleFactor: 2,
    });
    for (const [path, row] of [...screens(), [`/${slug}/lanes?originState=IL&originCity=Chicago`, 'main']]) {
      await page.goto(path);
      await page.locator(row).first().waitFor();
      expect(await pageScrollsSideways(page), path).toBe(false);
    }
    await context.close();
  });
});
