import { validTruck } from '@dispatch/standalone/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { app, ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';

/**
 * The trucks board searched and sorted as a dispatcher does: a head's first click sorts its text from
 * A, the search box finds a city, and a page past the end leads back to the last page.
 */

useBrowserApp();
let cookie: string;
let slug: string;

// 23 trucks: three in Pittsburgh, the others in Chicago; names posted out of alphabetical order.
const trucks = [
  { truckName: 'Zephyr', unitNumber: 'U-148', truckCity: 'Pittsburgh', truckState: 'PA' },
  { truckName: 'Maple Run', unitNumber: 'U-201', truckCity: 'Pittsburgh', truckState: 'PA' },
  { truckName: 'Allegheny', unitNumber: 'U-310', truckCity: 'Pittsburgh', truckState: 'PA' },
  ...Array.from({ length: 20 }, (_, i) => ({
    truckName: `Prairie ${String(20 - i).padStart(2, '0')}`,
    unitNumber: `C-${i + 1}`,
    truckCity: 'Chicago',
    truckState: 'IL',
  })),
];

beforeAll(async () => {
  ({ cookie, slug } = await ownerThroughApi(
    'e2e-board-order@example.com',
    'Olive Order',
    'Board Order Freight',
  ));
  for (const truck of trucks) {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { cookie, origin: app.url },
      payload: { ...validTruck, ...truck },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
}, 60_000);

const names = (page: Page) =>
  page
    .locator('tr[data-truck-id] td:first-child')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent));

describe('the trucks board', () => {
  it('sorts a text column from A on its first click, and the search box finds a city', async () => {
    const { context, page } = await signedInPage(cookie, { viewport: { width: 1366, height: 768 } });
    await page.goto(`/${slug}/trucks`);
    await page
      .getByRole('columnheader', { name: /Truck name/ })
      .getByRole('link')
      .click();
    await page.waitForURL(/orderBy=truckName/);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('asc');
    await expect.poll(async () => (await names(page))[0]).toBe('Allegheny');

    await page.getByLabel('Search trucks').fill('Pittsburgh');
    await expect.poll(() => names(page), { timeout: 15_000 }).toEqual(['Allegheny', 'Maple Run', 'Zephyr']);
    await page.getByLabel('Search trucks').fill('u-148');
    await expect.poll(() => names(page), { timeout: 15_000 }).toEqual(['Zephyr']);
    await context.close();
  });

  it('says a page past the end is not there and leads to the last one', async () => {
    const { context, page } = await signedInPage(cookie, { viewport: { width: 1366, height: 768 } });
    await page.goto(`/${slug}/trucks?page=99`);
    await page.getByText('No page 100, there are 3').waitFor();
    await page.getByRole('link', { name: 'Go to page 3' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.locator('tr[data-truck-id]').count()).toBe(3);
    await context.close();
  });
});
