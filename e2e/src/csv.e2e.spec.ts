import { createOrganization, validTruck } from '@dispatch/standalone/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { app, downloaded, newPage, sessionCookie, signInAs, useBrowserApp } from './harness.ts';

// Four sign-ins within seconds from one address: the sign-in rate limit is not what this tests.
useBrowserApp({ env: { AUTH_RATE_LIMIT: 'off' } });

const password = 'csv-password-123';

/** An owner of a new organization, signed in through the API: their cookie. */
async function owner(email: string, organization: string) {
  await app.infrastructure.auth.createUser({ email, password, name: 'Cora Csv', emailVerified: true });
  const cookie = await sessionCookie(email, password);
  await createOrganization(app, cookie, organization);
  return cookie;
}

/** A browser page signed in as `email`, on its organization's area. */
async function signedIn(email: string, slug: string): Promise<Page> {
  const page = await newPage({ acceptDownloads: true });
  await signInAs(page, email, password, `**/${slug}/**`);
  return page;
}

const cities = [
  ['IL', 'Chicago'],
  ['WI', 'Milwaukee'],
  ['IA', 'Des Moines'],
  ['TX', 'Dallas'],
  ['MN', 'Minneapolis'],
] as const;
const trailers = ['FLATBED', 'HIGH_SIDED_HOPPER', 'LOW_SIDED_HOPPER'] as const;

/**
 * The board's trucks as the API answers them, without what a copy cannot share (ids, who, when, and
 * when each was posted: a copy's age counts from its own post).
 */
async function boardOf(cookie: string) {
  await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 10_000);
  const answer = await app.app.inject({
    method: 'GET',
    url: '/api/v1/trucks?limit=100',
    headers: { cookie },
  });
  return (answer.json().data as Record<string, unknown>[])
    .map(
      ({
        id: _i,
        createdBy: _c,
        updatedBy: _u,
        createdAt: _ca,
        updatedAt: _ua,
        version: _v,
        postedAt: _pa,
        refreshedAt: _ra,
        ...truck
      }) => JSON.stringify(truck),
    )
    .sort();
}

const csvLine = (cells: unknown[]) =>
  cells.map((cell) => `"${String(cell).replaceAll('"', '""')}"`).join(',');

describe('CSV export and import of the trucks board', () => {
  it('exports one organization board and imports the file into another: the two boards are equal', async () => {
    const source = await owner('cora.source@example.com', 'Source Freight');
    const copy = await owner('cole.copy@example.com', 'Copy Freight');
    for (let n = 0; n < 30; n++) {
      const [state, city] = cities[n % cities.length] as (typeof cities)[number];
      const posted = await app.app.inject({
        method: 'POST',
        url: '/api/v1/trucks',
        headers: { cookie: source, origin: app.url },
        payload: {
          ...validTruck,
          truckName: n === 7 ? '=Rig 7' : `Rig ${n}`,
          trailerType: trailers[n % trailers.length],
          truckState: state,
          truckCity: city,
          status: n % 4 !== 0,
          direction: n % 2 ? 'NORTH' : '',
          unitNumber: n % 3 ? `U-${n}` : '',
          notes: n % 5 ? '' : `Call first, "ask for ${n}"\nthen load`,
          availabilityDate: `2026-11-${String((n % 28) + 1).padStart(2, '0')}`,
        },
      });
      expect(posted.statusCode, posted.body).toBe(201);
    }

    const sourcePage = await signedIn('cora.source@example.com', 'source-freight');
    await sourcePage.goto('/source-freight/trucks');
    await sourcePage.getByText('Rig 29').waitFor();
    const downloading = sourcePage.waitForEvent('download');
    await sourcePage.getByRole('link', { name: /Export CSV/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^trucks-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await downloaded(download);
    expect(file.toString('utf8').split('\r\n').filter(Boolean).length).toBeGreaterThan(30);

    const copyPage = await signedIn('cole.copy@example.com', 'copy-freight');
    await copyPage.goto('/copy-freight/trucks');
    await copyPage.getByRole('link', { name: 'Import CSV' }).click();
    await copyPage.waitForURL('**/copy-freight/trucks/import');
    await copyPage.locator('input[type=file]').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'text/csv',
      buffer: file,
    });
    await copyPage.getByText('30 rows: 30 valid, 0 invalid').waitFor();
    await copyPage.getByRole('button', { name: 'Post 30 valid rows' }).click();
    const summary = copyPage.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(/30\s+Posted\s+0\s+Already imported\s+0\s+Invalid/);

    expect(await boardOf(copy)).toEqual(await boardOf(source));
    await copyPage.getByRole('link', { name: 'Back to the trucks board' }).click();
    await copyPage.waitForURL('**/copy-freight/trucks');
    // The board's first page of the copy: rows of the imported trucks.
    await copyPage
      .locator('tr', { hasText: /Rig \d+/ })
      .first()
      .waitFor();
    await sourcePage.context().close();
    await copyPage.context().close();
  });

  it('shows the messages of bad rows in the spec words and posts nothing for them, nor twice for the good ones', async () => {
    const cookie = await owner('bea.bad@example.com', 'Bad Rows Freight');
    const header = Object.keys(validTruck);
    const row = (changes: Record<string, unknown>) =>
      csvLine(
        header.map((field) =>
          field in changes ? changes[field] : validTruck[field as keyof typeof validTruck],
        ),
      );
    const file = [
      header.join(','),
      row({ truckName: 'Good One' }),
      row({ truckName: '', dispatcherMobileNumber: '555' }),
      row({ truckName: 'Good Two' }),
      row({ truckName: 'Bad Email', dispatcherEmail: 'nobody', trailerType: 'BOAT' }),
    ].join('\r\n');

    const page = await signedIn('bea.bad@example.com', 'bad-rows-freight');
    await page.goto('/bad-rows-freight/trucks/import');
    const choose = async () =>
      page
        .locator('input[type=file]')
        .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await choose();
    await page.getByText('4 rows: 2 valid, 2 invalid').waitFor();
    const invalid = page.locator('tr[data-valid="false"]');
    expect(await invalid.count()).toBe(2);
    await invalid.nth(0).getByText('Truck name is required').waitFor();
    await invalid
      .nth(0)
      .getByText('Invalid US phone number. Must be 10 digits (with optional +1 prefix)')
      .waitFor();
    await invalid.nth(1).getByText('Enter a valid email address').waitFor();
    await invalid
      .nth(1)
      .getByText('Trailer type must be one of HIGH_SIDED_HOPPER, LOW_SIDED_HOPPER, FLATBED')
      .waitFor();
    expect(await page.locator('tr[data-valid="true"]').count()).toBe(2);

    await page.getByRole('button', { name: 'Show only invalid rows' }).click();
    expect(await page.locator('tr[data-valid="true"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Post 2 valid rows' }).click();
    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(/2\s+Posted\s+0\s+Already imported\s+2\s+Invalid/);
    await page.getByText('Line 3').waitFor();

    const names = async () => {
      await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 10_000);
      const answer = await app.app.inject({
        method: 'GET',
        url: '/api/v1/trucks?limit=100',
        headers: { cookie },
      });
      return (answer.json().data as { truckName: string }[]).map((truck) => truck.truckName).sort();
    };
    expect(await names()).toEqual(['Good One', 'Good Two']);

    // The same file again: the good rows are already imported, nothing is posted twice.
    await page.getByRole('button', { name: 'Import another file' }).click();
    await choose();
    await page.getByRole('button', { name: 'Post 2 valid rows' }).click();
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(/0\s+Posted\s+2\s+Already imported\s+2\s+Invalid/);
    expect(await names()).toEqual(['Good One', 'Good Two']);
    await page.context().close();
  });
});
