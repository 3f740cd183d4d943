import { validTruck } from '@dispatch/standalone/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { app, ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';

/**
 * A text search matching more postings than the list counts (1,000): the board reads "1,000+", pages on
 * past the thousandth, and stops where the matches end.
 */

useBrowserApp();
let cookie: string;
let slug: string;
const FLEET = 1003;

beforeAll(async () => {
  ({ cookie, slug } = await ownerThroughApi(
    'e2e-search-total@example.com',
    'Sam Search',
    'Search Total Freight',
  ));
  const post = async (n: number) => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { cookie, origin: app.url },
      payload: { ...validTruck, truckName: `Fleet ${n}`, unitNumber: `F-${n}` },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  for (let start = 1; start <= FLEET; start += 25)
    await Promise.all(Array.from({ length: Math.min(25, FLEET - start + 1) }, (_, i) => post(start + i)));
}, 180_000);

async function board(
  path: string,
  viewport = { width: 1366, height: 768 },
  colorScheme: 'light' | 'dark' = 'light',
) {
  const { context, page } = await signedInPage(cookie, { viewport, colorScheme });
  await page.goto(path);
  return { context, page };
}

const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

describe('the total of a text search on the board', () => {
  it('reads "1,000+" past the count, pages on to the last match and stops there', async () => {
    const { context, page } = await board(`/${slug}/trucks?search=fleet&orderBy=createdAt&sort=asc`);
    const nav = pagination(page);
    await expect.poll(() => nav.textContent(), { timeout: 15_000 }).toContain('1–10 of 1,000+');
    expect(await nav.textContent()).toContain('Page 1 of 100+');
    expect(await page.getByRole('region', { name: 'Totals' }).textContent()).toContain(
      'Matching trucks 1,000+',
    );
    await expect.poll(() => page.locator('tr[data-truck-id]').count()).toBe(10);

    // Page 101 holds the three matches past the thousandth; there is no page after it.
    await page.goto(`/${slug}/trucks?search=fleet&orderBy=createdAt&sort=asc&page=100`);
    await expect.poll(() => nav.textContent(), { timeout: 15_000 }).toContain('1,001–1,003 of 1,000+');
    expect(await nav.textContent()).toContain('Page 101');
    expect(await nav.getByRole('link', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');
    expect(await page.locator('tr[data-truck-id]').allTextContents()).toEqual([
      expect.stringContaining('Fleet 1001'),
      expect.stringContaining('Fleet 1002'),
      expect.stringContaining('Fleet 1003'),
    ]);
    // Previous goes back one page, not to the counted end.
    await nav.getByRole('link', { name: 'Previous' }).click();
    await expect.poll(() => nav.textContent(), { timeout: 15_000 }).toContain('991–1,000 of 1,000+');

    // A search matching fewer is counted exactly; so is the board without a search.
    await page.goto(`/${slug}/trucks?search=fleet%20100`);
    await expect.poll(() => nav.textContent(), { timeout: 15_000 }).toContain('1–5 of 5');
    expect(await nav.textContent()).toContain('Page 1 of 1');
    expect(await page.getByRole('region', { name: 'Totals' }).textContent()).toMatch(
      /Matching trucks 5(?!\+)/,
    );
    await page.goto(`/${slug}/trucks`);
    await expect
      .poll(() => nav.textContent(), { timeout: 15_000 })
      .toContain(`1–10 of ${FLEET.toLocaleString('en-US')}`);
    await context.close();
  });

  it('keeps the capped pagination on screen without sideways scrolling', async () => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ])
      for (const scheme of ['light', 'dark'] as const) {
        const { context, page } = await board(`/${slug}/trucks?search=fleet`, viewport, scheme);
        const nav = pagination(page);
        await expect.poll(() => nav.textContent(), { timeout: 15_000 }).toContain('of 1,000+');
        const box = await nav.getByRole('link', { name: 'Next' }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
        expect(
          await page.evaluate(
            '(document.scrollingElement ?? document.documentElement).scrollWidth > (document.scrollingElement ?? document.documentElement).clientWidth',
          ),
        ).toBe(false);
        if (process.env.E2E_SCREENSHOTS)
          await page.screenshot({
            path: `${process.env.E2E_SCREENSHOTS}/search-total-${viewport.width}-${scheme}.png`,
          });
        await context.close();
      }
  });
});
