import { validLoad, validTruck } from '@dispatch/standalone/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { app, ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';

useBrowserApp();
let cookie: string;
let slug: string;

beforeAll(async () => {
  ({ cookie, slug } = await ownerThroughApi('e2e-lanes@example.com', 'Lane Dispatcher', 'Lane Line Freight'));
});

function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  return signedInPage(cookie, { viewport: { width: 1366, height: 768 } });
}

async function post(context: BrowserContext, kind: 'trucks' | 'loads', body: Record<string, unknown>) {
  const response = await context.request.post(`/api/v1/${kind}`, {
    data: { ...(kind === 'trucks' ? validTruck : validLoad), availabilityDate: '2026-12-08', ...body },
    headers: { origin: app.url },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

describe('lane search and matches', () => {
  it('finds a truck posted in a second browser on the lane, live, and leaves out one heading elsewhere', async () => {
    const { page } = await signedIn();
    await page.goto(`/${slug}/lanes`);
    const form = page.getByRole('form', { name: 'Search a lane' });
    await form.getByLabel('Origin state').selectOption('IL');
    await form.getByLabel('Origin city').fill('Chicago');
    await form.getByLabel('Within (miles)').first().fill('200');
    await form.getByLabel('Anywhere').uncheck();
    await form.getByLabel('Destination state').selectOption('TX');
    await form.getByLabel('Destination city').fill('Dallas');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/lanes\?.*originCity=Chicago/);
    await page
      .getByText('0 trucks from within 200 mi of Chicago, IL to within 100 mi of Dallas, TX')
      .waitFor();
    await page.locator('[data-lane-map]').waitFor();
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });
    let reloads = 0;
    page.on('load', () => reloads++);

    const second = await signedIn();
    const peoria = await post(second.context, 'trucks', {
      truckName: 'Prairie Lane',
      truckState: 'IL',
      truckCity: 'Peoria',
      preferedState: 'TX',
      preferedCity: 'Fort Worth',
    });
    await post(second.context, 'trucks', {
      truckName: 'Peach Lane',
      truckState: 'IL',
      truckCity: 'Peoria',
      preferedState: 'GA',
      preferedCity: 'Atlanta',
    });
    const row = page.locator(`tr[data-truck-id="${peoria}"]`);
    await row.waitFor({ timeout: 10_000 });
    await page
      .getByText('1 truck from within 200 mi of Chicago, IL to within 100 mi of Dallas, TX')
      .waitFor();
    const cells = await row.locator('td').allInnerTexts();
    // Peoria is about 130 miles from Chicago; Fort Worth about 31 from Dallas.
    const deadhead = Number(cells[2]?.replace(/[^\d.]/g, ''));
    const toDestination = Number(cells[3]?.replace(/[^\d.]/g, ''));
    expect(deadhead).toBeGreaterThan(120);
    expect(deadhead).toBeLessThan(140);
    expect(toDestination).toBeGreaterThan(25);
    expect(toDestination).toBeLessThan(40);
    expect(await page.locator('tr[data-truck-id]').count()).toBe(1);
    expect(reloads).toBe(0);

    // To anywhere, the truck heading to Atlanta is on the lane too. After a search the form is folded.
    await page.getByRole('button', { name: 'Edit search' }).click();
    await form.getByLabel('Anywhere').check();
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('2 trucks from within 200 mi of Chicago, IL to anywhere').waitFor();
  });

  it("updates a load's matches live when a fitting truck is posted, opened from the loads board", async () => {
    const first = await signedIn();
    const page = first.page;
    // A trailer type none of the trucks of the lane search above has.
    const loadId = await post(first.context, 'loads', {
      trailerType: 'LOW_SIDED_HOPPER',
      originState: 'IL',
      originCity: 'Chicago',
      destinationState: 'TX',
      destinationCity: 'Dallas',
      availabilityDate: '2026-12-10',
    });
    await page.goto(`/${slug}/loads`);
    await page.locator(`tr[data-load-id="${loadId}"]`).getByRole('link', { name: 'Matches' }).click();
    await page.waitForURL(`**/${slug}/lanes/matches/loads/${loadId}`);
    await page.getByText('Nothing fits yet').waitFor();
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });

    const second = await signedIn();
    // A high sided hopper does not fit a low sided hopper load; the low sided one in Joliet, free two
    // days before, does.
    await post(second.context, 'trucks', {
      truckName: 'Hopper Joliet',
      trailerType: 'HIGH_SIDED_HOPPER',
      truckCity: 'Joliet',
    });
    const fitting = await post(second.context, 'trucks', {
      truckName: 'Low Joliet',
      trailerType: 'LOW_SIDED_HOPPER',
      truckCity: 'Joliet',
    });
    const match = page.locator(`li[data-match-truck-id="${fitting}"]`);
    await match.waitFor({ timeout: 10_000 });
    await page.getByText('1 truck within 150 mi of deadhead').waitFor();
    await expect.poll(() => match.innerText()).toContain('Low Sided Hopper trailer');
    await expect.poll(() => match.innerText()).toContain('Available 2 days before the load date');
    expect(await page.locator('li[data-match-truck-id]').count()).toBe(1);
  });
});
