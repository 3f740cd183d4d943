import { ownerWithOrganization, PASSWORD } from '@dispatch/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { app, newPage, signInAs, useBrowserApp } from './harness.ts';
import { waitForMail } from './mail.ts';

useBrowserApp();

const email = 'round-tripper@example.com';

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage({ viewport });
  await signInAs(page, email, PASSWORD, '**/round-trippers/**');
  return page;
}

describe('the system check', () => {
  it('shows the live connection, runs the round trip to a figure in ms and sends a test e-mail', async () => {
    await ownerWithOrganization(app, email, 'Round Trippers');
    const page = await signedIn({ width: 1366, height: 768 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'System check' }).click();
    await page.waitForURL('**/round-trippers/testing');
    await page.getByRole('heading', { name: 'System check' }).waitFor();

    const live = page.getByRole('region', { name: 'Live connection' });
    await live.getByTestId('live-status').getByText('Connected', { exact: true }).waitFor();
    await live.getByText('WebSocket').waitFor();
    await page.getByTestId('projection-lag').getByText('Up to date').waitFor();

    // The ping goes round: the figure appears, in ms, and the run is listed.
    await page.getByRole('button', { name: 'Run round trip' }).click();
    const latest = page.getByTestId('round-trip-latest');
    await latest.getByText(/^\d+ ms$/).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Run round trip' }).click();
    const runs = page.getByRole('list', { name: 'Recent round trips' }).getByRole('listitem');
    await expect.poll(() => runs.count(), { timeout: 15_000 }).toBe(2);
    expect(await runs.first().textContent()).toMatch(/\d+ ms/);

    // The test e-mail goes to the user's own address; the test text needs a phone number first.
    await page.getByRole('button', { name: 'Send me a test e-mail' }).click();
    await page.getByText('Sent to r••••••@example.com. 2 more in the next 10 minutes.').waitFor();
    await waitForMail(app.dataDir, email, 'Test e-mail from the system check');
    expect(await page.getByRole('button', { name: 'Send me a test text' }).isDisabled()).toBe(true);
    await page.getByText('Your account has no phone number.').waitFor();
  });

  it('fits a phone’s width without sideways scrolling', async () => {
    const page = await signedIn({ width: 390, height: 844 });
    await page.goto('/round-trippers/testing');
    await page.getByRole('button', { name: 'Run round trip' }).click();
    await page
      .getByTestId('round-trip-latest')
      .getByText(/^\d+ ms$/)
      .waitFor({ timeout: 15_000 });
    // A string, so this file needs no DOM types: the page's width against the window's.
    const [pageWidth, viewportWidth] = (await page.evaluate(
      '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
    )) as [number, number];
    expect(pageWidth).toBeLessThanOrEqual(viewportWidth);
  });
});
