import {
  createOrganization,
  requestsWith,
  signUp,
  validLoad,
  validTruck,
} from '@dispatch/standalone/testing';
import { PostingHistory } from '@dispatch/test-kit';
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

  it('narrows the trucks and loads boards to the postings refreshed within the age chosen in the filters', async () => {
    const cookie = await signUp(app, 'age-filter@example.com', 'Alma Age');
    const organization = await createOrganization(app, cookie, 'Age Filter Freight');
    const available = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    // Posted five hours ago, never refreshed since; and one posted now.
    const history = new PostingHistory(app, organization.id);
    const fiveHoursAgo = new Date(Date.now() - 5 * 3_600_000).toISOString();
    await history.postTruck(
      880001,
      { truckName: 'Five Hours Old', availabilityDate: available },
      fiveHoursAgo,
      'alma',
    );
    await history.postLoad(
      880002,
      { customerName: 'Stale Grain Co.', availabilityDate: available },
      fiveHoursAgo,
      'alma',
    );
    const truck = { ...validTruck, truckName: 'Fresh Off', availabilityDate: available };
    expect((await inject(cookie, 'POST', '/api/v1/trucks', truck)).statusCode).toBe(201);
    const load = { ...validLoad, customerName: 'Fresh Grain Co.', availabilityDate: available };
    expect((await inject(cookie, 'POST', '/api/v1/loads', load)).statusCode).toBe(201);

    const { page, context } = await signedInPage(cookie);
    for (const [board, old, fresh] of [
      ['trucks', 'Five Hours Old', 'Fresh Off'],
      ['loads', 'Stale Grain Co.', 'Fresh Grain Co.'],
    ] as const) {
      await page.goto(`/${organization.slug}/${board}`);
      const oldRow = page.locator('tr', { hasText: old });
      const freshRow = page.locator('tr', { hasText: fresh });
      await oldRow.waitFor();
      await freshRow.waitFor();
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Posted or refreshed').selectOption({ label: 'Last 4 hours' });
      await oldRow.waitFor({ state: 'detached' });
      await freshRow.waitFor();
      expect(new URL(page.url()).searchParams.get('maxAgeHours')).toBe('4');
      // Back to any age: the older one returns.
      await page.getByLabel('Posted or refreshed').selectOption({ label: 'Any time' });
      await oldRow.waitFor();
    }
    await context.close();
  });
});
