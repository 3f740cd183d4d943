import { PASSWORD } from '@dispatch/test-kit';
import { describe, expect, it } from 'vitest';
import { pickCity } from './city-picker.ts';
import { newPage, ownerThroughApi, showColumn, signedInPage, signInAs, useBrowserApp } from './harness.ts';

useBrowserApp();

const email = 'e2e-loads@example.com';

describe('a load posted in one browser appears live in another', () => {
  it('refuses negative rates with the spec message, posts the fixed load, and a second browser sees it arrive', async () => {
    // Signed up through the API (the sign-up screens have their own specs), on the overview.
    const owner = await ownerThroughApi(email, 'Lou Dispatcher', 'Lou Grain Lines');
    const { page: first } = await signedInPage(owner.cookie);
    await first.goto('/lou-grain-lines/overview');

    // A second browser of the same dispatcher signs in and watches the loads board.
    const second = await newPage();
    await signInAs(second, email, PASSWORD, '**/lou-grain-lines/**');
    await second.goto('/lou-grain-lines/loads');
    await second.getByText('No loads posted yet').waitFor();
    let reloads = 0;
    second.on('load', () => reloads++);

    await first.getByRole('link', { name: 'Loads', exact: true }).click();
    await first.waitForURL('**/lou-grain-lines/loads');
    await first.getByRole('link', { name: 'Post load' }).click();
    await first.waitForURL('**/lou-grain-lines/loads/post');
    await first.getByLabel('Trailer type').selectOption('HIGH_SIDED_HOPPER');
    await first.getByLabel('Product').selectOption('HEAVY');
    await first.getByLabel('Availability date').fill('2026-11-21');
    await first.getByLabel('Origin state').selectOption('IA');
    await pickCity(first, 'Origin city', 'des', 'Des Moines');
    await first.getByLabel('Destination state').selectOption('IL');
    await pickCity(first, 'Destination city', 'Chicago', 'Chicago');
    await first.getByLabel('Our rate', { exact: true }).fill('-5');
    await first.getByLabel('Our rate unit').selectOption('TONS');
    await first.getByLabel('Carrier rate', { exact: true }).fill('-5');
    await first.getByLabel('Carrier rate unit').selectOption('TONS');
    await first.getByLabel('Customer name').fill('Riverbend Elevator');
    await first.getByLabel('Customer phone').fill('5155550123');
    await first.getByLabel('Customer email').fill('orders@riverbend.example');
    await first.getByLabel('Dispatcher name').fill('Lou Dispatcher');
    await first.getByLabel('Dispatcher phone').fill('3125550100');
    await first.getByLabel('Dispatcher email').fill('lou@example.com');
    await first.getByLabel('Notes').fill('Call the elevator an hour ahead.');
    await first.getByRole('button', { name: 'Post load' }).click();

    // Both rates carry the spec's message and nothing is posted.
    const rateMessages = first.getByText('Should be a positive number');
    await rateMessages.first().waitFor();
    expect(await rateMessages.count()).toBe(2);
    expect(first.url()).toMatch(/\/lou-grain-lines\/loads\/post$/);

    await first.getByLabel('Our rate', { exact: true }).fill('3.25');
    await first.getByLabel('Carrier rate', { exact: true }).fill('2.9');
    await rateMessages.first().waitFor({ state: 'detached' });
    await first.getByRole('button', { name: 'Post load' }).click();
    await first.waitForURL('**/lou-grain-lines/loads');
    await first.locator('tr', { hasText: 'Des Moines, IA' }).waitFor();

    const row = second.locator('tr', { hasText: 'Des Moines, IA' });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-highlighted')).toBe('true');
    await row.getByText('$3.25').waitFor();
    expect(await row.textContent()).toContain('Des Moines, IA');
    await showColumn(second, 'Carrier rate');
    expect(await row.textContent()).toContain('$2.90 / ton');
    expect(reloads).toBe(0);
  });
});
