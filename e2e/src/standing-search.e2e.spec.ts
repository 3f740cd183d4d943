import { join, ownerWithOrganization, PASSWORD } from '@dispatch/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { app, newPage, signInAs, useBrowserApp } from './harness.ts';
import { waitForMail } from './mail.ts';
import { postTruckForm } from './truck-form.ts';

useBrowserApp();

const watcherEmail = 'standing-watcher@example.com';
const posterEmail = 'standing-poster@example.com';

async function signedIn(email: string): Promise<Page> {
  const page = await newPage();
  await signInAs(page, email, PASSWORD, '**/standing-watchers/**');
  return page;
}

describe('a standing search alerts its owner live when a colleague posts a match', () => {
  it('saves a search with alerts in one browser, and rings its bell when a colleague posts in another', async () => {
    const owner = await ownerWithOrganization(app, posterEmail, 'Standing Watchers');
    await join(app, owner.cookie, watcherEmail);

    // The watcher filters the trucks board to flatbeds and saves that search, alerting in the app and by e-mail.
    const watcher = await signedIn(watcherEmail);
    let reloads = 0;
    watcher.on('load', () => reloads++);
    await watcher.goto(`/standing-watchers/trucks?trailerType=${encodeURIComponent('["FLATBED"]')}`);
    await watcher.getByRole('button', { name: 'Save search' }).click();
    const dialog = watcher.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill('Flatbeds anywhere');
    await dialog.getByLabel('By e-mail').check();
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await watcher.getByText('Saved “Flatbeds anywhere”').waitFor();
    const bell = watcher.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    // The saved search is listed, with its alerts on.
    await watcher.goto('/standing-watchers/saved-searches');
    const row = watcher.getByRole('listitem').filter({ hasText: 'Flatbeds anywhere' });
    await row.getByText('Flatbed', { exact: true }).waitFor();
    expect(await row.getByRole('switch', { name: 'In app' }).getAttribute('aria-checked')).toBe('true');
    expect(await row.getByRole('switch', { name: 'E-mail' }).getAttribute('aria-checked')).toBe('true');
    const loadsBefore = reloads;

    // The colleague posts a flatbed in a second browser.
    const poster = await signedIn(posterEmail);
    await poster.goto('/standing-watchers/trucks/post');
    await postTruckForm(poster, 'standing-watchers', {
      trailerType: 'FLATBED',
      name: 'Night Rider',
      city: { typed: 'chi', place: 'Chicago' },
      dispatcher: { name: 'Olive Owner', email: 'olive@example.com' },
    });

    // The watcher's bell counts it live, without a reload, and lists it.
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Notifications, 1 unread');
    expect(await watcher.getByTestId('unread-count').textContent()).toBe('1');
    expect(reloads).toBe(loadsBefore);
    await bell.click();
    const popover = watcher.getByRole('dialog', { name: 'Notifications' });
    const item = popover.getByRole('button', { name: /Night Rider/ });
    await item.waitFor();
    expect(await item.textContent()).toContain('New truck for “Flatbeds anywhere”');

    // The alert e-mail names the search and the truck, and links to it.
    const mail = await waitForMail(
      app.dataDir,
      watcherEmail,
      'New match for "Flatbeds anywhere": Night Rider',
    );
    const link = /https?:\/\/\S+\/standing-watchers\/trucks\/edit\/(\d+)/.exec(mail.text);
    expect(link).not.toBeNull();

    // Opening the notification opens the truck and reads it.
    await item.click();
    await watcher.waitForURL(`**/standing-watchers/trucks/edit/${link?.[1]}`);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications');
    await bell.click();
    await popover.getByText('Night Rider').waitFor();
    expect(await popover.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);
  });
});
