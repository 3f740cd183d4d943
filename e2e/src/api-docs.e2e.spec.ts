import { startTestApp, type TestApp } from '@dispatch/standalone/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ serveWeb: true, listen: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

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
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /Dispatch board API/ }).waitFor();
    await page.getByText('/api/v1/testing/ping').first().waitFor();
    await page.getByText('/api/v1/admin/status').first().waitFor();
    expect(violations).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
