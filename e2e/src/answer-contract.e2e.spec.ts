import { validTruck } from '@dispatch/standalone/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { app, ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';
import { postTruckForm } from './truck-form.ts';

/**
 * The web app parses every answer with the domain's answer schemas: an answer that does not have the
 * shape a page expects is shown as such, naming the call and the field, instead of a blank screen.
 */

useBrowserApp();

const email = 'answer-checker@example.com';
const shapeTitle = "The server's answer was not what this page expects";

async function postTruck(page: Page, name: string) {
  await page.goto('/answer-checkers/trucks/post');
  await postTruckForm(page, 'answer-checkers', {
    trailerType: 'FLATBED',
    name,
    city: { place: 'Chicago' },
    dispatcher: { name: 'Ada Checker', email: 'ada@example.com' },
  });
}

/** Serves the real trucks list with `change` applied to its JSON. */
async function alterTrucksList(page: Page, change: (answer: Record<string, unknown>) => void) {
  await page.route('**/api/v1/trucks?*', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as Record<string, unknown>;
    change(answer);
    await route.fulfill({ response, json: answer });
  });
}

describe('an answer of an unexpected shape', () => {
  it('shows the parse error naming the call and the field, and a retry with a good answer shows the board', async () => {
    // Signed up through the API: the sign-up screens have their own specs (identity, live-trucks).
    const owner = await ownerThroughApi(email, 'Ada Checker', 'Answer Checkers');
    const { context, page } = await signedInPage(owner.cookie);
    await postTruck(page, 'Night Owl');
    await page.locator('tr', { hasText: 'Night Owl' }).waitFor();

    // The first truck's name comes back under another name.
    await alterTrucksList(page, (answer) => {
      const [first] = answer.data as Record<string, unknown>[];
      if (!first) throw new Error('the list has no truck to rename');
      first.name = first.truckName;
      delete first.truckName;
    });
    await page.goto('/answer-checkers/trucks');

    const alert = page.getByRole('alert').filter({ hasText: shapeTitle });
    await alert.waitFor();
    await alert
      .getByText(
        'Unexpected answer from GET /api/v1/trucks: data.0.truckName: expected string, received undefined',
      )
      .waitFor();
    expect(await page.locator('tr', { hasText: 'Night Owl' }).count()).toBe(0);
    // The rest of the app still works around the failed page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trucks' }).waitFor();

    // With the server's real answer again, Retry shows the board.
    await page.unrouteAll({ behavior: 'wait' });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.locator('tr', { hasText: 'Night Owl' }).waitFor();
    expect(await page.getByText(shapeTitle).count()).toBe(0);

    // A page-level field renamed: totalCount.
    await alterTrucksList(page, (answer) => {
      answer.total = answer.totalCount;
      delete answer.totalCount;
    });
    await page.reload();
    await page
      .getByRole('alert')
      .getByText('Unexpected answer from GET /api/v1/trucks: totalCount: expected number, received undefined')
      .waitFor();

    // A refresh of a board already on screen that comes back of the wrong shape keeps the last good
    // answer and says so above it: another dispatcher's post makes the live board refresh, as a board
    // ordered by name reads its page again for every new posting (a notice's row is placed only in an
    // order by date).
    await page.unrouteAll({ behavior: 'wait' });
    await page.goto('/answer-checkers/trucks?orderBy=truckName&sort=asc');
    await page.locator('tr', { hasText: 'Night Owl' }).waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    await alterTrucksList(page, (answer) => {
      delete answer.totalCount;
    });
    const cookie = (await context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const posted = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { cookie, origin: app.url },
      payload: { ...validTruck, truckName: 'Early Bird' },
    });
    expect(posted.statusCode).toBe(201);
    const banner = page.getByRole('alert').filter({ hasText: 'Showing the last answer' });
    await banner.getByText('totalCount: expected number, received undefined').waitFor();
    expect(await page.locator('tr', { hasText: 'Night Owl' }).count()).toBe(1);
    await page.unrouteAll({ behavior: 'wait' });
    await banner.getByRole('button', { name: 'Retry' }).click();
    await page.locator('tr', { hasText: 'Early Bird' }).waitFor();
    await banner.waitFor({ state: 'detached' });

    await context.close();
  });
});
