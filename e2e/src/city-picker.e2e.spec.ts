import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';

/** The city picker of the post and edit forms: every US place, searched as one types. */

useBrowserApp();

/** An owner of Aroostook Haulers, signed up through the API (the sign-up screens have their own specs). */
async function signedUp(): Promise<Page> {
  const { cookie } = await ownerThroughApi('pat.picker@example.com', 'Pat Picker', 'Aroostook Haulers');
  return (await signedInPage(cookie)).page;
}

describe('the city picker', () => {
  it('suggests the places of the state as one types, by keyboard, and marks a city the map does not know', async () => {
    const page = await signedUp();
    await page.goto('/aroostook-haulers/trucks/post');
    const city = page.getByLabel('City', { exact: true });
    expect(await city.isDisabled()).toBe(true);
    expect(await page.getByLabel('State', { exact: true }).locator('option').count()).toBe(52);

    await page.getByLabel('State', { exact: true }).selectOption('ME');
    await expect.poll(() => city.getAttribute('role')).toBe('combobox');
    await city.fill('ban');
    const listbox = page.getByRole('listbox', { name: 'Places in ME' });
    await listbox.getByRole('option', { name: 'Bangor', exact: true }).waitFor();
    expect(await city.getAttribute('aria-expanded')).toBe('true');
    // The arrow keys move through the suggestions, Enter picks the one that is active. What a key or
    // a choice does shows once the page has handled it: the checks wait for it.
    await city.press('ArrowDown');
    await expect.poll(() => city.getAttribute('aria-activedescendant')).not.toBeNull();
    const active = await city.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator(`[id="${active}"]`).innerText()).toContain('Bangor');
    await city.press('Enter');
    await expect.poll(() => city.inputValue()).toBe('Bangor');
    await expect.poll(() => city.getAttribute('aria-expanded')).toBe('false');

    // Abbreviations either way; Escape closes the list.
    await city.fill('Ft. K');
    await listbox.getByRole('option', { name: 'Fort Kent', exact: true }).waitFor();
    await city.press('Escape');
    await expect.poll(() => city.getAttribute('aria-expanded')).toBe('false');
    await city.fill('Presque');
    await listbox.getByRole('option', { name: 'Presque Isle', exact: true }).click();
    await expect.poll(() => city.inputValue()).toBe('Presque Isle');

    // A town the gazetteer does not know is kept, and marked.
    await city.fill('Nowhere Flats');
    await page.getByText('No place in ME starts with').waitFor();
    await page.getByLabel('Truck name').click();
    await page.getByText('Not on the map').waitFor();
    expect(await city.inputValue()).toBe('Nowhere Flats');
    await city.fill('Caribou');
    await page.getByLabel('Truck name').click();
    await page.getByText('Not on the map').waitFor({ state: 'detached' });

    // Another state clears the city.
    await page.getByLabel('State', { exact: true }).selectOption('TX');
    await expect.poll(() => city.inputValue()).toBe('');
    await city.fill('lare');
    await page
      .getByRole('listbox', { name: 'Places in TX' })
      .getByRole('option', { name: 'Laredo', exact: true })
      .click();

    // Back to Maine: the truck is posted in a small town picked from the list.
    await page.getByLabel('State', { exact: true }).selectOption('ME');
    await city.fill('fort k');
    await listbox.getByRole('option', { name: 'Fort Kent', exact: true }).click();

    await page.getByLabel('Trailer type').selectOption('FLATBED');
    await page.getByLabel('Truck name').fill('County Line');
    await page.getByLabel('Availability date').fill('2026-11-21');
    await page.getByLabel('Dispatcher name').fill('Pat Picker');
    await page.getByLabel('Dispatcher phone').fill('2075550100');
    await page.getByLabel('Dispatcher email').fill('pat@example.com');
    await page.getByRole('button', { name: 'Post truck' }).click();
    await page.waitForURL('**/aroostook-haulers/trucks');
    await page.locator('tr', { hasText: 'County Line' }).getByText('Fort Kent').waitFor();

    // And a radius search around Bangor finds it, with its distance (Fort Kent is about 160 miles north).
    await page.goto('/aroostook-haulers/radius?state=ME&city=Bangor&radius=200');
    const row = page.locator('tr', { hasText: 'County Line' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/1[4-7]\d\.\d mi/);
  });
});
