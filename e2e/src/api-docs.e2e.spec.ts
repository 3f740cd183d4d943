import axe, { type RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** axe-core, configured as @axe-core/playwright's runs in the page are: this origin's frames only. */
const AXE_SOURCE = `${axe.source}
;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/** axe-core's violations on the page, each as its rule, impact and first elements. */
async function violationsOn(page: Page): Promise<string[]> {
  const options: RunOptions = {
    rules: { 'label-content-name-mismatch': { enabled: true } },
    // Violations only: the elements of every rule passed or not applicable are left out of the results.
    resultTypes: ['violations'],
  };
  // axe-core is put in the page once and stays there while the themes, widths and operations change.
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) =>
      (globalThis as unknown as { axe: typeof axe }).axe.run({ include: [], exclude: [] }, options),
    options,
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}, ${violation.nodes.length}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}

/**
 * Shows the reference in `colorScheme` without reloading it: Scalar follows the colour scheme the
 * browser reports, and marks its body `dark-mode` or `light-mode`.
 */
async function showScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.locator(`body.${colorScheme}-mode`).waitFor({ state: 'attached' });
}

/**
 * One page of the reference for the file: Scalar draws the whole document at once, which takes
 * seconds, so the reference is opened once, then checked in both themes (switched in place) and at
 * both widths, with an operation closed and opened.
 */
let context: BrowserContext;
let page: Page;
/** Console lines of the page telling of a Content Security Policy violation, from its first request on. */
const violations: string[] = [];
/** Requests of the page to anywhere but the app. */
const elsewhere: string[] = [];

beforeAll(async () => {
  context = await browser.newContext({
    baseURL: app.url,
    colorScheme: 'light',
    viewport: { width: 1366, height: 768 },
  });
  page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(app.url) && !request.url().startsWith('data:'))
      elsewhere.push(request.url());
  });
  await openReference(page);
}, 300_000);

afterAll(async () => {
  await context?.close();
});

describe('the API reference', () => {
  it('shows the OpenAPI document at /api/docs from its own files, under the app’s policy', () => {
    expect(violations).toEqual([]);
    expect(elsewhere).toEqual([]);
  });

  it('has no accessibility violation (axe-core), light and dark, on a laptop and a phone', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await showScheme(page, colorScheme);
      await page.setViewportSize({ width: 1366, height: 768 });
      expect(await violationsOn(page), `${colorScheme}, 1366 px`).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await violationsOn(page), `${colorScheme}, 390 px`).toEqual([]);
    }
  }, 300_000);

  it('has no accessibility violation (axe-core) with an operation opened, dark and light', async () => {
    // An operation opened shows its parameters, its example request and its answers too.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByText('/api/v1/admin/status').first().click();
    await page.locator('[aria-label^="Example answers of /api/v1/admin/status"]').first().waitFor();
    for (const colorScheme of ['dark', 'light'] as const) {
      await showScheme(page, colorScheme);
      expect(await violationsOn(page), colorScheme).toEqual([]);
    }
    // The page drew all along under the app's policy, and asked nothing of anywhere else.
    expect(violations).toEqual([]);
    expect(elsewhere).toEqual([]);
  }, 300_000);
});
