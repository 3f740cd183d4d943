import { requestsWith, validTruck } from '@dispatch/standalone/testing';
import { describe, expect, it } from 'vitest';
import { app, ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';

useBrowserApp();

const DAY = 86_400_000;
const inject = requestsWith(() => app);

describe('a posting ages, expires and is re-posted, live', () => {
  it('ticks its age, leaves a second browser board when the sweep expires it, and comes back on Re-post', async () => {
    const { cookie, slug } = await ownerThroughApi('aging-owner@example.com', 'Ada Aging', 'Aging Board');
    const available = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const posted = await inject(cookie, 'POST', '/api/v1/trucks', {
      ...validTruck,
      truckName: 'Old Faithful',
      availabilityDate: available,
    });
    expect(posted.statusCode, posted.body).toBe(201);

    // The first browser runs on a clock of its own: its board ages the truck without a reload.
    const first = await signedInPage(cookie);
    await first.page.clock.install({ time: new Date() });
    await first.page.goto(`/${slug}/trucks`);
    const firstRow = first.page.locator('tr', { hasText: 'Old Faithful' });
    await expect.poll(() => firstRow.locator('[data-age]').textContent()).toBe('just now');
    await first.page.clock.fastForward('12:30');
    await expect.poll(() => firstRow.locator('[data-age]').textContent()).toBe('12 min');

    // The second browser watches the live board.
    const second = await signedInPage(cookie);
    await second.page.goto(`/${slug}/trucks`);
    const row = second.page.locator('tr', { hasText: 'Old Faithful' });
    await row.waitFor();
    let reloads = 0;
    second.page.on('load', () => reloads++);

    // Nine days on, past the organization's 8-day posting max age, the sweep expires it.
    expect(await app.sweepPostingExpiry(new Date(Date.now() + 9 * DAY))).toBe(1);
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    expect(reloads).toBe(0);

    // Its owner finds it under Expired and re-posts it with one click: back on the board.
    await second.page.getByRole('button', { name: 'Expired trucks' }).click();
    const expired = second.page.getByRole('dialog').locator('li', { hasText: 'Old Faithful' });
    await expired.getByRole('button', { name: 'Re-post' }).click();
    await second.page.getByText('Old Faithful is back on the board').waitFor();
    await second.page.keyboard.press('Escape');
    await row.waitFor({ timeout: 10_000 });
    await expect.poll(() => row.locator('[data-age]').textContent()).toBe('just now');
    const events = await app.infrastructure.eventStore.readStream(`truck-${posted.json().id}`);
    expect(events.map((event) => event.type)).toEqual(['TruckPosted', 'TruckExpired', 'TruckReposted']);
    await first.context.close();
    await second.context.close();
  });
});
