import { validTruck } from '@dispatch/standalone/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { app, ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';

useBrowserApp();
let cookie: string;
let slug: string;

beforeAll(async () => {
  ({ cookie, slug } = await ownerThroughApi(
    'e2e-radius@example.com',
    'Rae Dispatcher',
    'Rae Radius Freight',
  ));
});

/** A browser signed in as the organization's owner (the session made through the API). */
function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  return signedInPage(cookie, { viewport: { width: 1366, height: 768 } });
}

describe('radius search', () => {
  it('searches 200 miles around a city; a truck posted in another browser appears live, and on the 360 map', async () => {
    const first = await signedIn();
    const page = first.page;
    await page.goto(`/${slug}/radius`);
    await page.getByText('Search around a city').waitFor();
    await page.getByLabel('State', { exact: true }).selectOption('IL');
    await page.getByLabel('City', { exact: true }).fill('Chicago');
    await page.getByLabel('Radius (miles)').fill('200');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/radius\?.*radius=200/);
    await page.getByText('No trucks within 200 mi of Chicago, IL').waitFor();
    // The page follows the organization's live changes.
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });
    let reloads = 0;
    page.on('load', () => reloads++);

    // A second browser posts a truck in Peoria, about 130 miles from Chicago, and one in Dallas, far outside.
    const second = await signedIn();
    const post = async (truck: Record<string, unknown>) => {
      const response = await second.context.request.post('/api/v1/trucks', {
        data: { ...validTruck, ...truck },
        headers: { origin: app.url },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: number }).id;
    };
    const peoria = await post({ truckName: 'Prairie Runner', truckState: 'IL', truckCity: 'Peoria' });
    await post({ truckName: 'Lone Star', truckState: 'TX', truckCity: 'Dallas' });

    const row = page.locator(`tr[data-truck-id="${peoria}"]`);
    await row.waitFor({ timeout: 10_000 });
    const distance = Number((await row.locator('td').first().innerText()).replace(/[^\d.]/g, ''));
    expect(distance).toBeGreaterThan(120);
    expect(distance).toBeLessThan(140);
    await expect.poll(() => row.innerText()).toContain('Prairie Runner');
    expect(await page.locator('tr[data-truck-id]').count()).toBe(1);
    await page.getByText('1 truck within 200 mi of Chicago, IL').waitFor();
    // The results' polite live region says what came (a page script as a string: no DOM types here).
    const announced = () =>
      page.evaluate(`document.querySelector('[data-board-announcements]')?.textContent ?? null`);
    await expect.poll(announced, { timeout: 10_000 }).toBe('1 new truck');
    expect(await row.getByRole('link', { name: 'Prairie Runner' }).getAttribute('href')).toBe(
      `/${slug}/trucks/edit/${peoria}`,
    );
    expect(reloads).toBe(0);

    // The truck moves to Dallas, out of the radius, and back: it leaves the open results and comes back.
    const move = async (truckState: string, truckCity: string) => {
      const response = await second.context.request.patch(`/api/v1/trucks/${peoria}`, {
        data: { truckState, truckCity },
        headers: { origin: app.url },
      });
      expect(response.status(), await response.text()).toBe(200);
    };
    await move('TX', 'Dallas');
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByText('No trucks within 200 mi of Chicago, IL').waitFor();
    await expect.poll(announced, { timeout: 10_000 }).toBe('1 truck removed');
    await move('IL', 'Peoria');
    await row.waitFor({ timeout: 10_000 });
    expect(reloads).toBe(0);

    // Radius 360 of the same place shows it on the map, a link to the truck.
    await page.getByRole('link', { name: 'All around Chicago' }).click();
    await page.waitForURL(/radius-360\?/);
    const dot = page.locator(`a[data-map-dot="trucks"][data-posting-id="${peoria}"]`);
    await dot.waitFor({ timeout: 10_000 });
    expect(await dot.getAttribute('aria-label')).toContain('Prairie Runner');
    expect(await dot.getAttribute('href')).toBe(`/${slug}/trucks/edit/${peoria}`);
    await page.getByText('1 truck and 0 loads within 200 mi of Chicago, IL').waitFor();

    // Peoria lies south west of Chicago: that sector counts it, and picking it narrows the list to it.
    const southWest = page.locator('nav[aria-label="Compass sectors"] a[data-sector="SOUTH_WEST"]');
    await page
      .getByRole('navigation', { name: 'Compass sectors' })
      .getByRole('link', { name: /^South West \(\s*SW\s*\): 1 truck, 0 loads$/ })
      .waitFor();
    expect(await page.locator('svg a[data-sector="SOUTH_WEST"]').getAttribute('href')).toContain(
      'SOUTH_WEST',
    );
    await southWest.click();
    await page.waitForURL(/direction=.*SOUTH_WEST/);
    await page.locator(`tr[data-truck-id="${peoria}"]`).waitFor();
    await page.locator('nav[aria-label="Compass sectors"] a[data-sector="NORTH_EAST"]').click();
    await page.waitForURL(/direction=.*NORTH_EAST/);
    await page.getByText('Nothing to the North East of Chicago within the radius.').waitFor();
    // A click on the map's south west sector (through its count) picks it again; a second shows every sector.
    const mapSector = async (direction: string) => {
      const box = await page.locator(`svg g[data-sector-count="${direction}"]`).boundingBox();
      if (!box) throw new Error(`no count for ${direction} on the map`);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    };
    await mapSector('SOUTH_WEST');
    await page.waitForURL(/direction=.*SOUTH_WEST/);
    await page.locator(`tr[data-truck-id="${peoria}"]`).waitFor();
    await mapSector('SOUTH_WEST');
    await page.waitForURL((url) => !url.search.includes('direction'));
    expect(reloads).toBe(0);

    await first.context.close();
    await second.context.close();
  });

  it('drops a hand-edited radius of 9000 miles to the empty form, without an error', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/${slug}/radius?state=IL&city=Chicago&radius=9000`);
    await page.getByText('Search around a city').waitFor();
    await page.waitForURL((url) => url.pathname === `/${slug}/radius` && url.search === '');
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Radius (miles)').inputValue()).toBe('');
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});
