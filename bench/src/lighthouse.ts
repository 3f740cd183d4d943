import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@dispatch/standalone/testing';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { tempDir } from './fixtures.ts';
import { fmt, type Row } from './stats.ts';

/** The demo's dispatcher and organization, as `npm start` seeds them (standalone/src/seed.ts). */
const DEMO = { email: 'dispatcher@demo.test', password: 'demo-dispatch-2026', slug: 'prairie-freight' };

const PAGES = [
  { name: 'sign-in', path: '/login', signedIn: false },
  { name: 'trucks', path: `/${DEMO.slug}/trucks`, signedIn: true },
  { name: 'loads', path: `/${DEMO.slug}/loads`, signedIn: true },
  { name: 'radius', path: `/${DEMO.slug}/radius`, signedIn: true },
  { name: 'sign-pro', path: `/${DEMO.slug}/sign-pro`, signedIn: true },
  { name: 'overview', path: `/${DEMO.slug}/overview`, signedIn: true },
] as const;

/** How many warm loads of the trucks board are timed (after one that fills the cache); 0 for none. */
const WARM_RUNS = Number(process.env.BENCH_LIGHTHOUSE_WARM_RUNS ?? 5);
/** The screens audited (names of PAGES, comma-separated), all by default. */
const SCREENS = (process.env.BENCH_LIGHTHOUSE_SCREENS ?? '').split(',').filter(Boolean);
/** Cold audits of each screen, taken in turn screen after screen; the median of each figure is shown. */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
/** A folder for each audit's full Lighthouse report (JSON), none by default. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * `npm run bench -- lighthouse`: the standalone app as `npm start` runs it (demo data, the web build
 * WEB_DIST names, else web/dist), each screen audited by Lighthouse in the system's Chromium
 * (CHROME_PATH, default /usr/bin/chromium) with its desktop settings (simulated 10 Mbit/s, 40 ms,
 * no CPU slowdown; each run from an empty cache): the accessibility, best-practices and performance
 * scores and the paint times (first and largest contentful paint, total blocking time, speed index),
 * the median of RUNS audits of each screen taken in turn. Then the trucks board's largest contentful
 * paint warm, as observed here (no simulation, the cache kept from the load before), the median of
 * WARM_RUNS loads. Audits that fall short are printed to stderr.
 */
export async function benchLighthouse(): Promise<Row[]> {
  const app = await startDemoApp();
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: Row[] = [];
  try {
    const cookie = await signIn(app.url);
    const unknown = SCREENS.filter((name) => !PAGES.some((page) => page.name === name));
    if (unknown.length > 0) throw new Error(`BENCH_LIGHTHOUSE_SCREENS: no screen ${unknown.join(', ')}`);
    const pages = PAGES.filter((page) => SCREENS.length === 0 || SCREENS.includes(page.name));
    if (REPORTS) mkdirSync(REPORTS, { recursive: true });
    const figures = new Map<string, Record<string, number[]>>();
    for (let run = 1; run <= RUNS; run++) {
      for (const page of pages) {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility', 'best-practices', 'performance'],
          extraHeaders: page.signedIn ? { cookie } : undefined,
        };
        const result = await lighthouse(`${app.url}${page.path}`, flags, desktopConfig);
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        if (REPORTS) writeFileSync(join(REPORTS, `${page.name}-${run}.json`), JSON.stringify(result.lhr));
        const { categories, audits } = result.lhr;
        const byPage = figures.get(page.name) ?? {};
        figures.set(page.name, byPage);
        const add = (key: string, value: number | undefined | null) => {
          byPage[key] = [...(byPage[key] ?? []), value ?? Number.NaN];
        };
        for (const id of ['accessibility', 'best-practices', 'performance']) {
          add(id, Math.round((categories[id]?.score ?? 0) * 100));
        }
        for (const id of [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'speed-index',
        ]) {
          add(id, audits[id]?.numericValue);
        }
        for (const id of ['accessibility', 'best-practices', 'performance']) {
          for (const ref of categories[id]?.auditRefs ?? []) {
            const audit = audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
              console.error(`  ${page.name} ${id}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
            }
          }
        }
      }
    }
    const of = RUNS > 1 ? `, median of ${RUNS}` : '';
    for (const page of pages) {
      const byPage = figures.get(page.name) ?? {};
      const at = (key: string) => median(byPage[key] ?? []);
      rows.push({
        benchmark: `lighthouse ${page.name}`,
        figure: `accessibility / best practices / performance${of}`,
        value: `${fmt(at('accessibility'))} / ${fmt(at('best-practices'))} / ${fmt(at('performance'))}`,
      });
      rows.push({
        benchmark: `lighthouse ${page.name}`,
        figure: `FCP / LCP / TBT / speed index (desktop, cold${of})`,
        value: ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index']
          .map((key) => `${fmt(at(key))} ms`)
          .join(' / '),
      });
    }
    const warm: number[] = [];
    for (let run = 0; WARM_RUNS > 0 && run <= WARM_RUNS; run++) {
      const result = await lighthouse(
        `${app.url}${PAGES[1].path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          extraHeaders: { cookie },
          disableStorageReset: true,
          throttlingMethod: 'provided',
        },
        desktopConfig,
      );
      const lcp = result?.lhr.audits['largest-contentful-paint']?.numericValue;
      if (run > 0 && lcp !== undefined) warm.push(lcp);
    }
    if (warm.length > 0) {
      rows.push({
        benchmark: 'lighthouse trucks',
        figure: `LCP warm, observed (median of ${warm.length})`,
        value: `${fmt(median(warm))} ms`,
      });
    }
  } finally {
    chrome.kill();
    await app.stop();
  }
  return rows;
}

interface DemoApp {
  url: string;
  stop(): Promise<void>;
}

/** `npm start` in a child process on a fresh data folder: the demo data, the web build, one port. */
async function startDemoApp(): Promise<DemoApp> {
  const dir = tempDir('lighthouse');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const main = join(dirname(fileURLToPath(import.meta.resolve('@dispatch/standalone'))), 'main.ts');
  const child: ChildProcess = fork(main, {
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    execPath: process.execPath,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`the app exited with ${code}`))),
  );
  const deadline = Date.now() + 180_000;
  const healthy = async () => {
    while (Date.now() < deadline) {
      const answer = await fetch(`${url}/api/health`).catch(() => null);
      if (answer?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the app did not answer within 3 minutes');
  };
  await Promise.race([healthy(), exited]);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The demo dispatcher's session cookie. */
async function signIn(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  if (!answer.ok) throw new Error(`sign-in refused: ${answer.status} ${await answer.text()}`);
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
