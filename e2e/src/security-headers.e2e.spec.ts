import { describe, expect, it } from 'vitest';
import { expectPolicyViolations } from './browser.ts';
import { app, browser, useBrowserApp } from './harness.ts';

useBrowserApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

describe('security headers on every kind of answer', () => {
  it('sends the policy, no framing, nosniff and the referrer rule on pages, assets and API answers', async () => {
    const page = await get('/login');
    const assetPath = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(assetPath).toBeDefined();
    const answers = {
      page,
      asset: await get(assetPath as string),
      list: await get('/api/v1/trucks'),
      missingApi: await get('/api/v1/nothing-here'),
      session: await get('/api/auth/get-session'),
      errorPage: await get('/api/auth/error?error=state_not_found'),
      refused: await app.app.inject({
        method: 'POST',
        url: '/api/v1/trucks',
        headers: { origin: 'http://evil.test', 'content-type': 'application/json' },
        payload: '{}',
      }),
    };
    for (const [kind, answer] of Object.entries(answers)) {
      const csp = String(answer.headers['content-security-policy']);
      // The authentication error page sends a stricter policy of its own (it runs no script at all).
      expect(csp, kind).toMatch(/default-src '(self|none)'/);
      expect(csp, kind).toContain("frame-ancestors 'none'");
      expect(csp, kind).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(answer.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(answer.headers['x-frame-options'], kind).toBe('SAMEORIGIN');
      expect(answer.headers['referrer-policy'], kind).toBe('same-origin');
      expect(answer.headers['x-request-id'], kind).toMatch(/^[0-9a-f-]{36}$/);
    }
    // One user's data is never kept by a browser or proxy cache.
    for (const kind of ['list', 'missingApi', 'session', 'errorPage', 'refused'] as const) {
      expect(answers[kind].headers['cache-control'], kind).toBe('no-store');
    }
    // The page's only inline script is the theme bootstrap, allowed by its hash.
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[^']+';/);
  });

  it('runs the app under that policy without a single violation, theme bootstrap included', async () => {
    const context = await browser.newContext({ baseURL: app.url, colorScheme: 'dark' });
    await context.addInitScript(() => localStorage.setItem('vite-ui-theme', 'system'));
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // The inline bootstrap ran: the stored "system" theme on a dark system made the page dark before React.
    expect(await page.locator('html').getAttribute('class')).toContain('dark');
    // A page of another site cannot frame the app.
    // A page (even one of the same site) cannot frame the app: the frame stays empty.
    expectPolicyViolations(/frame-ancestors/);
    await page.setContent(`<iframe src="${app.url}/login" title="framed"></iframe>`);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    await page.waitForTimeout(1000);
    const framed = (await frame?.locator('button').count()) ? 'shown' : 'blocked';
    expect(framed).toBe('blocked');
    expect(violations.filter((text) => !text.includes('frame-ancestors'))).toEqual([]);
    await context.close();
  });
});
