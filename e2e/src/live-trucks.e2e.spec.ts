import { describe, expect, it } from 'vitest';
import { newPage, showColumn, signInAs, signUpWithOrganization, useBrowserApp } from './harness.ts';
import { postTruckForm } from './truck-form.ts';

useBrowserApp();

const email = 'e2e-dispatcher@example.com';
const password = 'e2e-password-123';

describe('a truck posted in one browser appears live in another', () => {
  it('signs up, creates an organization, posts, edits and deletes a truck, and a second browser follows without reload', async () => {
    const first = await newPage();
    // The address is verified through the mailed link, which signs the new user in.
    await signUpWithOrganization(first, { name: 'Erin Dispatcher', email, password }, 'Erin Freight Lines');

    // The second browser signs in as a member of the same organization and watches the board.
    const second = await newPage();
    await signInAs(second, email, password, '**/erin-freight-lines/**');
    await second.goto('/erin-freight-lines/trucks');
    await second.getByText('No trucks posted yet').waitFor();
    let reloads = 0;
    second.on('load', () => reloads++);

    await first.goto('/erin-freight-lines/trucks/post');
    await postTruckForm(first, 'erin-freight-lines', {
      trailerType: 'FLATBED',
      name: 'Midnight Express',
      city: { typed: 'Chic', place: 'Chicago' },
      dispatcher: { name: 'Erin Dispatcher', email: 'erin@example.com' },
    });

    const row = second.locator('tr', { hasText: 'Midnight Express' });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-highlighted')).toBe('true');

    // An edit in the first browser changes the row in the second.
    await showColumn(first, 'Status');
    await showColumn(second, 'Status');
    const ownRow = first.locator('tr', { hasText: 'Midnight Express' });
    await ownRow.getByRole('switch', { name: 'Available' }).click();
    await row.getByText('Not available').waitFor({ timeout: 10_000 });

    // A removal in the first browser takes the row away in the second.
    await ownRow.getByRole('button', { name: 'Delete' }).click();
    await first.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    expect(reloads).toBe(0);
  });
});
