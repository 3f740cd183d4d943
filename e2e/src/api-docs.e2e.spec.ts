import { describe, expect, it } from 'vitest';
import { app, browser, useBrowserApp } from './harness.ts';

useBrowserApp();

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
