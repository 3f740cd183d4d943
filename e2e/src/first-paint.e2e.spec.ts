import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { app, ownerThroughApi, signedInPage, useBrowserApp } from './harness.ts';

useBrowserApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

/** The JSON data block the page carries its viewer in, parsed; undefined when there is none. */
function viewerOf(html: string): { session: unknown; organization?: unknown } | undefined {
  const block = /<script type="application\/json" id="dispatch-viewer">([\s\S]*?)<\/script>/.exec(html);
  return block ? JSON.parse(block[1] as string) : undefined;
}

describe('the first paint', () => {
  it('sends a signed-in page with its session and organization, kept by no cache', async () => {
    const { cookie, slug } = await ownerThroughApi(
      'first-paint@example.test',
      'Fran Paint',
      'First Paint Freight',
    );
    // Until the read side has the new organization the page leaves it out (the app then asks for it).
    await expect
      .poll(async () => viewerOf((await get(`/${slug}/trucks`, { cookie })).body)?.organization)
      .toMatchObject({ success: true, data: { slug, role: 'owner' } });
    const page = await get(`/${slug}/trucks`, { cookie });
    expect(page.headers['cache-control']).toBe('no-store');
    expect(viewerOf(page.body)).toMatchObject({ session: { user: { email: 'first-paint@example.test' } } });
    // Only what the app reads goes into the page: not the session's token.
    const token = decodeURIComponent(/session_token=([^;.]+)/.exec(cookie)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(10);
    expect(page.body).not.toContain(token);
    // A visitor without a cookie gets the plain page, which any cache may keep and check again.
    const visitor = await get('/login');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(viewerOf(visitor.body)).toBeUndefined();
    // A cookie of no session: the page says so, and the sign-in screen needs no call to know it.
    const ended = await get('/login', { cookie: 'better-auth.session_token=gone.gone' });
    expect(viewerOf(ended.body)).toEqual({ session: null });
  });

  it("names the organization area's scripts in a page of the organization only", async () => {
    const { cookie, slug } = await ownerThroughApi('preloads@example.test', 'Pia Load', 'Preload Freight');
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)].map(
        (match) => match[1] as string,
      );
    await expect
      .poll(async () => viewerOf((await get(`/${slug}/trucks`, { cookie })).body)?.organization)
      .toBeDefined();
    const board = (await get(`/${slug}/trucks`, { cookie })).body;
    const boot = preloads((await get('/login')).body);
    const frame = preloads(board).filter((path) => !boot.includes(path));
    // The navigation's chunk is among them: the screen's frame is asked for beside the entry.
    expect(frame.length).toBeGreaterThan(0);
    const bodies = await Promise.all(frame.map(async (path) => (await get(path)).body));
    expect(bodies.some((body) => body.includes('Live updates off'))).toBe(true);
    // Outside the organization's pages (the account page), only the entry's own scripts.
    expect(preloads((await get('/account', { cookie })).body)).toEqual(boot);
    // The screen's own scripts too: the trucks board's code with the trucks page, not with the loads page.
    const trucksBoard = async (path: string) => {
      const named = preloads((await get(path, { cookie })).body).filter((script) => !boot.includes(script));
      const bodies = await Promise.all(named.map(async (script) => (await get(script)).body));
      return bodies.some((body) => body.includes('Trucks on the board'));
    };
    expect(await trucksBoard(`/${slug}/trucks`)).toBe(true);
    expect(await trucksBoard(`/${slug}/trucks?page=2`)).toBe(true);
    expect(await trucksBoard(`/${slug}/loads`)).toBe(false);
  });

  it('opens the trucks board without asking for the session or the organization', async () => {
    const { cookie, slug } = await ownerThroughApi(
      'no-waterfall@example.test',
      'Nia Fall',
      'No Waterfall Freight',
    );
    await expect
      .poll(async () => viewerOf((await get(`/${slug}/trucks`, { cookie })).body)?.organization)
      .toBeDefined();
    const { context, page } = await signedInPage(cookie);
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(pathname);
    });
    await page.goto(`/${slug}/trucks`);
    await page.getByRole('heading', { name: 'Trucks', level: 1 }).waitFor();
    expect(calls).toContain('/api/v1/trucks');
    // What the board asked for before its list: the live connection's refresh, once it joins, may
    // re-read the organization later, which is no part of the first paint.
    const beforeList = calls.slice(0, calls.indexOf('/api/v1/trucks'));
    expect(beforeList).not.toContain('/api/auth/get-session');
    expect(beforeList).not.toContain('/api/v1/organization/get-full-organization');
    await context.close();
  });

  it('loads no phone number rules before a screen with a phone field asks for them', async () => {
    const page = await get('/login');
    const scripts = [...page.body.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1] as string,
    );
    expect(scripts.length).toBeGreaterThan(1);
    for (const path of scripts) {
      // A name of libphonenumber's parsed numbers, which minifying keeps.
      expect((await get(path)).body, path).not.toContain('countryCallingCode');
    }
  });

  it('sends each script and stylesheet compressed as the browser accepts, kept for a year', async () => {
    const page = await get('/login');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] as string;
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(page.body)?.[1] as string;
    for (const path of [script, style]) {
      const plain = await get(path);
      const brotli = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await get(path, { 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(brotli.headers['content-encoding'], path).toBe('br');
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      for (const answer of [plain, brotli, gzip]) {
        expect(answer.headers.vary, path).toMatch(/accept-encoding/i);
        expect(answer.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
        expect(answer.headers['content-type'], path).toMatch(
          path.endsWith('.js') ? /javascript/ : /text\/css/,
        );
      }
      expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload), path).toBe(true);
      expect(brotli.rawPayload.length, path).toBeLessThan(plain.rawPayload.length / 2);
    }
  });
});
