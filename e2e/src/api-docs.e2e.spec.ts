import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { app, browser, useBrowserApp } from './harness.ts';

useBrowserApp();

/** Opens /api/docs and waits for the document's title and two of its operations. */
async function openReference(page: Page): Promise<void> {
  // Scalar draws the whole document at once: seconds on a busy machine.
  page.setDefaultTimeout(100_000);
  await page.goto('/api/docs');
  await page
    .getByRole('heading', { name: /Dispatch board API/ })
    .first()
    .waitFor();
  await page.getByText('/api/v1/testing/ping').first().waitFor();
  await page.getByText('/api/v1/admin/status').first().waitFor();
}

/** axe-core's violations on the page, each as its rule, impact and first elements. */
async function violationsOn(page: Page): Promise<string[]> {
  // Violations only: the elements of every rule passed or not applicable are left out of the results.
  const results = await new AxeBuilder({ page })
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}, ${violation.nodes.length}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}

describe('the API reference', () => {
  it('shows the OpenAPI document at /api/docs from its own files, under the app’s policy', async () => {
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    const violations: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(app.url) && !request.url().startsWith('data:'))
        elsewhere.push(request.url());
    });
    await openReference(page);
    expect(violations).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no accessibility violation (axe-core), ${colorScheme}, on a laptop and a phone`, async () => {
      const context = await browser.newContext({
        baseURL: app.url,
        colorScheme,
        viewport: { width: 1366, height: 768 },
      });
      const page = await context.newPage();
      await openReference(page);
      expect(await violationsOn(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await violationsOn(page)).toEqual([]);
      // An operation opened shows its parameters, its example request and its answers too.
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.getByText('/api/v1/admin/status').first().click();
      await page.locator('[aria-label^="Example answers of /api/v1/admin/status"]').first().waitFor();
      expect(await violationsOn(page)).toEqual([]);
      await context.close();
    }, 300_000);
  }
});
