import { PASSWORD } from '@dispatch/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, ownerThroughApi, showColumn, signedInPage, signInAs, useBrowserApp } from './harness.ts';
import { postTruckForm } from './truck-form.ts';

useBrowserApp();

const email = 'board-watcher@example.com';

async function postTruck(page: Page, name: string, trailerType: string, { fromBoard = false } = {}) {
  if (fromBoard) {
    // From the board the browser already holds, by its link: the board's page stays in its cache.
    await page.goto('/board-watchers/trucks');
    await page.getByText('No trucks').first().waitFor();
    await page.getByRole('link', { name: 'Post truck' }).click();
    await page.waitForURL('**/board-watchers/trucks/post');
  } else {
    await page.goto('/board-watchers/trucks/post');
  }
  await postTruckForm(page, 'board-watchers', {
    trailerType,
    name,
    city: { typed: 'chi', place: 'Chicago' },
    dispatcher: { name: 'Wendy Watcher', email: 'wendy@example.com' },
  });
}

describe('the board filtered, the overview and a truck history, live in a second browser', () => {
  it('keeps filters in the address, drops a row that stops matching, counts live and shows who changed what', async () => {
    // Signed up through the API (the sign-up screens have their own specs); the second browser signs in.
    const owner = await ownerThroughApi(email, 'Wendy Watcher', 'Board Watchers');
    const { page: first } = await signedInPage(owner.cookie);

    const second = await newPage();
    await signInAs(second, email, PASSWORD, '**/board-watchers/**');
    let reloads = 0;
    second.on('load', () => reloads++);

    // The second browser filters the board to available flatbeds; the filters live in the address.
    await second.goto('/board-watchers/trucks');
    const filters = second.getByRole('search', { name: 'Filters' });
    // The filters beyond the search box sit behind the bar's Filters button.
    await filters.getByRole('button', { name: 'Filters', exact: true }).click();
    await filters.getByLabel('Status').selectOption('true');
    await filters.getByRole('button', { name: 'Flatbed' }).click();
    const address = () => decodeURIComponent(second.url());
    await expect.poll(address).toContain('status="true"');
    await expect.poll(address).toContain('trailerType=["FLATBED"]');
    await second.getByText('No trucks match these filters').waitFor();
    const loadsBefore = reloads;

    // The poster's own browser loads the board once after posting: the notice of its own write,
    // which comes while that load is running or after it, does not load it a second time.
    const posterListLoads: string[] = [];
    let posted = false;
    first.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'POST' && path === '/api/v1/trucks') posted = true;
      if (posted && request.method() === 'GET' && path === '/api/v1/trucks')
        posterListLoads.push(request.url());
    });
    await postTruck(first, 'Night Owl', 'FLATBED', { fromBoard: true });
    const row = second.locator('tr', { hasText: 'Night Owl' });
    await row.waitFor({ timeout: 10_000 });
    await first.locator('tr', { hasText: 'Night Owl' }).waitFor();
    await first.waitForTimeout(1000);
    expect(posterListLoads).toHaveLength(1);

    // Made unavailable in the first browser, the truck no longer matches: it leaves the filtered list.
    await showColumn(first, 'Status');
    await first.locator('tr', { hasText: 'Night Owl' }).getByRole('switch', { name: 'Available' }).click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    expect(reloads).toBe(loadsBefore);

    // The overview counts live.
    await second.goto('/board-watchers/overview');
    const trucksTotal = second
      .getByRole('region', { name: 'Totals' })
      .getByText('Trucks', { exact: true })
      .locator('..');
    await trucksTotal.getByText('1', { exact: true }).waitFor();
    const overviewLoads = reloads;
    await postTruck(first, 'Early Bird', 'LOW_SIDED_HOPPER');
    await trucksTotal.getByText('2', { exact: true }).waitFor({ timeout: 10_000 });
    expect(reloads).toBe(overviewLoads);

    // The history of Night Owl shows the first browser's edit, and follows the next one live.
    await second.goto('/board-watchers/trucks');
    await second.locator('tr', { hasText: 'Night Owl' }).getByRole('link', { name: 'Edit' }).click();
    const history = second.getByRole('region', { name: 'History' });
    await history.getByText('Wendy Watcher edited this truck').waitFor();
    await history.getByText('Not available').waitFor();
    const editLoads = reloads;
    await first.locator('tr', { hasText: 'Night Owl' }).getByRole('switch', { name: 'Available' }).click();
    await history.getByText('Wendy Watcher edited this truck').nth(1).waitFor({ timeout: 10_000 });
    expect(reloads).toBe(editLoads);
  });
});
