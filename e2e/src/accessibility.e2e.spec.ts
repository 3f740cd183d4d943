import { readFile } from 'node:fs/promises';
import { createOrganization, validLoad, validTruck } from '@dispatch/standalone/testing';
import { command, join } from '@dispatch/test-kit';
import axe, { type ElementContext, type RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf } from './browser.ts';
import { app, browser, sessionCookie, useBrowserApp } from './harness.ts';
import { linkIn, waitForMail } from './mail.ts';

/**
 * The accessibility gate (docs/accessibility.md): axe-core on every screen of the web app, in both
 * themes and at a laptop's and a phone's width, with its dialogs, menus and filters open. Any
 * violation fails the run.
 */

// Each width signs in once through the API; the public pages are visited before it does.
useBrowserApp({ env: { AUTH_RATE_LIMIT: 'off' } });

/** What the seeded organization holds, for the addresses that name a record. */
interface Seed {
  slug: string;
  cookie: string;
  truckId: number;
  loadId: number;
  webhookId: string;
  organizationId: string;
  invitationId: string;
  signingPath: string;
}

/** A state of a screen beyond its first paint: what opens it, and what closes it again. */
interface ScreenState {
  name: string;
  open: (page: Page) => Promise<void>;
  close?: (page: Page) => Promise<void>;
  /** A dialog, menu or popover over the page: checked alone (see check()). */
  layer?: boolean;
  /** Only where the grid is a table (640 px and up): a phone shows cards, which have no columns. */
  tableOnly?: boolean;
}

interface Screen {
  /** The route as the web app's router names it (`to` in web/src/routeTree.gen.ts). */
  route: string | null;
  /** The address to open. */
  path: (seed: Seed) => string;
  /** Waits for what shows the screen is drawn with its data. */
  ready: (page: Page) => Promise<void>;
  states?: ScreenState[];
  /** Visited before signing in. */
  signedOut?: boolean;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 }).first().waitFor();
const text = (name: string | RegExp) => (page: Page) => page.getByText(name).first().waitFor();

const pressEscape = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').or(page.getByRole('menu')).first().waitFor({ state: 'detached' });
};

/** Opens the button named `name` and waits for the dialog or menu it opens. */
const opens =
  (name: string | RegExp, what: 'dialog' | 'menu' = 'dialog', exact = true) =>
  async (page: Page) => {
    await page.getByRole('button', { name, exact }).first().click();
    await page.getByRole(what).first().waitFor();
  };

const dialog = (name: string | RegExp, exact = true): ScreenState => ({
  name: `${String(name)} dialog`,
  open: opens(name, 'dialog', exact),
  close: pressEscape,
  layer: true,
});
const menu = (name: string | RegExp, exact = true): ScreenState => ({
  name: `${String(name)} menu`,
  open: opens(name, 'menu', exact),
  close: pressEscape,
  layer: true,
});

/** Chooses a CSV file of trucks with a good row and a bad one on the import screen: its preview. */
async function previewCsv(page: Page): Promise<void> {
  const header = Object.keys(validTruck);
  const row = (changes: Record<string, unknown>) =>
    header
      .map((field) => (field in changes ? changes[field] : validTruck[field as keyof typeof validTruck]))
      .map((cell) => `"${String(cell)}"`)
      .join(',');
  const file = [
    header.join(','),
    row({ truckName: 'Good One' }),
    row({ truckName: '', dispatcherEmail: 'nobody' }),
  ];
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'trucks.csv', mimeType: 'text/csv', buffer: Buffer.from(file.join('\r\n')) });
  await page.getByText('2 rows: 1 valid, 1 invalid').waitFor();
}

/** Searches trucks on a lane from Chicago to Dallas: the results and the lane on the map. */
async function searchLane(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Search a lane' });
  await form.getByLabel('Origin state').selectOption('IL');
  await form.getByLabel('Origin city').fill('Chicago');
  await form.getByLabel('Within (miles)').first().fill('200');
  await form.getByLabel('Anywhere').uncheck();
  await form.getByLabel('Destination state').selectOption('TX');
  await form.getByLabel('Destination city').fill('Dallas');
  await form.getByRole('button', { name: 'Search', exact: true }).click();
  await page.locator('[data-lane-map]').waitFor();
}

/** The screens the gate covers; a route of the web app missing here fails the gate's last test. */
const SCREENS: Screen[] = [
  // Public pages.
  {
    route: '/login',
    path: () => '/login',
    ready: heading('Sign in'),
    signedOut: true,
    states: [menu('Theme')],
  },
  { route: '/sign-up', path: () => '/sign-up', ready: heading(/Create/), signedOut: true },
  { route: '/forgot-password', path: () => '/forgot-password', ready: heading(/password/i), signedOut: true },
  { route: '/reset-password', path: () => '/reset-password', ready: heading(/password/i), signedOut: true },
  { route: '/verify-email', path: () => '/verify-email', ready: text(/verif/i), signedOut: true },
  {
    route: '/accept-invitation/$invitationId',
    path: (seed) => `/accept-invitation/${seed.invitationId}`,
    ready: text(/invit/i),
    signedOut: true,
  },
  {
    route: '/sign/$token',
    path: (seed) => seed.signingPath,
    ready: heading('Driver onboarding agreement'),
    signedOut: true,
    states: [dialog('Decline')],
  },
  // The organization area.
  // Each opens another screen: the platform admin's home, and the organization's overview.
  {
    route: '/',
    path: () => '/',
    ready: async (page) => {
      await page.waitForURL('**/admin');
      await heading('Platform')(page);
    },
  },
  { route: '/$orgSlug', path: (seed) => `/${seed.slug}`, ready: heading('Overview') },
  {
    route: '/$orgSlug/overview',
    path: (seed) => `/${seed.slug}/overview`,
    ready: heading('Overview'),
    states: [menu('User menu', false), dialog(/Search or jump/, false), dialog('Notifications', false)],
  },
  {
    route: '/$orgSlug/trucks',
    path: (seed) => `/${seed.slug}/trucks`,
    ready: text('Gate Rig'),
    states: [
      { ...menu('Columns'), tableOnly: true },
      dialog('View as of'),
      dialog('Delete'),
      dialog('Expired trucks'),
    ],
  },
  { route: '/$orgSlug/trucks/post', path: (seed) => `/${seed.slug}/trucks/post`, ready: heading(/truck/i) },
  {
    route: '/$orgSlug/trucks/edit/$id',
    path: (seed) => `/${seed.slug}/trucks/edit/${seed.truckId}`,
    ready: heading(/truck/i),
  },
  {
    route: '/$orgSlug/trucks/import',
    path: (seed) => `/${seed.slug}/trucks/import`,
    ready: heading(/import/i),
    states: [{ name: 'preview of a file with bad rows', open: previewCsv }],
  },
  {
    route: '/$orgSlug/loads',
    path: (seed) => `/${seed.slug}/loads`,
    ready: text('Gate Grain'),
    states: [{ ...menu('Columns'), tableOnly: true }, dialog('Lane history'), dialog('Delete')],
  },
  { route: '/$orgSlug/loads/post', path: (seed) => `/${seed.slug}/loads/post`, ready: heading(/load/i) },
  {
    route: '/$orgSlug/loads/edit/$id',
    path: (seed) => `/${seed.slug}/loads/edit/${seed.loadId}`,
    ready: heading(/load/i),
  },
  {
    route: '/$orgSlug/loads/import',
    path: (seed) => `/${seed.slug}/loads/import`,
    ready: heading(/import/i),
  },
  {
    route: '/$orgSlug/radius',
    path: (seed) => `/${seed.slug}/radius?state=IL&city=Chicago&radius=200`,
    ready: text(/within 200 mi/),
  },
  {
    route: '/$orgSlug/radius-360',
    path: (seed) => `/${seed.slug}/radius-360?state=IL&city=Chicago&radius=200`,
    ready: text(/within 200 mi of Chicago/),
  },
  {
    route: '/$orgSlug/lanes',
    path: (seed) => `/${seed.slug}/lanes`,
    ready: heading('Lane search'),
    states: [{ name: 'search of a lane', open: searchLane }],
  },
  {
    route: '/$orgSlug/lanes/matches/$kind/$id',
    path: (seed) => `/${seed.slug}/lanes/matches/trucks/${seed.truckId}`,
    ready: heading(/^(Trucks|Loads) for /),
  },
  {
    route: '/$orgSlug/saved-searches',
    path: (seed) => `/${seed.slug}/saved-searches`,
    ready: text('Gate Watch'),
    states: [dialog(/^Rename /, false), dialog(/^Delete /, false)],
  },
  { route: '/$orgSlug/sign-pro', path: (seed) => `/${seed.slug}/sign-pro`, ready: heading('Sign-pro') },
  {
    route: '/$orgSlug/sign-pro/drivers',
    path: (seed) => `/${seed.slug}/sign-pro/drivers`,
    ready: text('Gate Receiver'),
    states: [dialog('Void'), dialog('History')],
  },
  {
    route: '/$orgSlug/sign-pro/clients',
    path: (seed) => `/${seed.slug}/sign-pro/clients`,
    ready: heading(/Client/),
  },
  {
    route: '/$orgSlug/sign-pro/onboard-driver',
    path: (seed) => `/${seed.slug}/sign-pro/onboard-driver`,
    ready: text('Receiver name'),
  },
  {
    route: '/$orgSlug/sign-pro/onboard-client',
    path: (seed) => `/${seed.slug}/sign-pro/onboard-client`,
    ready: text('Receiver name'),
  },
  {
    route: '/$orgSlug/members',
    path: (seed) => `/${seed.slug}/members`,
    ready: text('gate-member@example.com'),
    states: [dialog(/Invite/, false)],
  },
  { route: '/$orgSlug/activity', path: (seed) => `/${seed.slug}/activity`, ready: heading('Activity') },
  {
    route: '/$orgSlug/settings',
    path: (seed) => `/${seed.slug}/settings`,
    ready: heading('Settings'),
    states: [dialog('Delete organization')],
  },
  {
    route: '/$orgSlug/settings/api-keys',
    path: (seed) => `/${seed.slug}/settings/api-keys`,
    ready: text('Gate Key'),
    states: [dialog('Create key')],
  },
  {
    route: '/$orgSlug/settings/webhooks',
    path: (seed) => `/${seed.slug}/settings/webhooks`,
    ready: text('Gate Hook'),
    states: [dialog('Add endpoint')],
  },
  {
    route: '/$orgSlug/settings/webhooks/$endpointId',
    path: (seed) => `/${seed.slug}/settings/webhooks/${seed.webhookId}`,
    ready: text('Gate Hook'),
    states: [menu('Actions', false)],
  },
  { route: '/$orgSlug/testing', path: (seed) => `/${seed.slug}/testing`, ready: heading('System check') },
  {
    route: '/account',
    path: () => '/account',
    ready: heading(/Account/),
    states: [dialog('Delete account')],
  },
  { route: '/onboarding', path: () => '/onboarding', ready: text('Organization name') },
  { route: null, path: (seed) => `/${seed.slug}/no-such-page`, ready: heading('Page not found') },
  // The platform admin area.
  { route: '/admin', path: () => '/admin', ready: heading('Platform'), states: [dialog(/Rebuild/, false)] },
  { route: '/admin/users', path: () => '/admin/users', ready: text('gate-member@example.com') },
  { route: '/admin/organizations', path: () => '/admin/organizations', ready: text('Acme Gate Freight') },
  {
    route: '/admin/organizations/$organizationId',
    path: (seed) => `/admin/organizations/${seed.organizationId}`,
    ready: heading('Acme Gate Freight'),
  },
];

const OWNER = { email: 'gate-owner@example.com', password: 'gate-password-123', name: 'Gate Owner' };

/** One organization with a record of each kind, made through the API once for every variant. */
async function seedOnce(): Promise<Seed> {
  await app.infrastructure.auth.createUser({ ...OWNER, emailVerified: true, role: 'super_admin' });
  const cookie = await sessionCookie(OWNER.email, OWNER.password);
  const organization = await createOrganization(app, cookie, 'Acme Gate Freight');
  const send = async (url: string, payload: Record<string, unknown>) => {
    const answer = await app.app.inject({
      method: 'POST',
      url,
      headers: { cookie, origin: app.url },
      payload,
    });
    if (answer.statusCode !== 201) throw new Error(`${url}: ${answer.body}`);
    return answer.json();
  };
  const truck = await send('/api/v1/trucks', { ...validTruck, truckName: 'Gate Rig' });
  await send('/api/v1/trucks', { ...validTruck, truckName: 'Gate Peoria', truckCity: 'Peoria' });
  const load = await send('/api/v1/loads', { ...validLoad, customerName: 'Gate Grain' });
  await join(app, cookie, 'gate-member@example.com');
  const invitation = await command(app, cookie, 'invite-member', { email: 'gate-invited@example.com' });
  await send('/api/v1/envelopes', {
    type: 'driver',
    deliveryMethod: 'email',
    receiverName: 'Gate Receiver',
    receiverEmail: 'gate-receiver@example.com',
  });
  const mail = await waitForMail(
    app.dataDir,
    'gate-receiver@example.com',
    'Acme Gate Freight asks you to sign the Driver onboarding agreement',
  );
  await send('/api/v1/saved-searches', {
    name: 'Gate Watch',
    kind: 'trucks',
    params: { status: 'true' },
    alert: { inApp: true, email: false },
  });
  const webhook = await send('/api/v1/webhooks', {
    url: 'https://127.0.0.1:9/gate',
    description: 'Gate Hook',
    eventTypes: ['truck.posted'],
  });
  await send('/api/v1/api-keys', { name: 'Gate Key', scopes: ['postings:read'] });
  await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 10_000);
  return {
    slug: organization.slug,
    cookie,
    truckId: truck.id,
    loadId: load.id,
    webhookId: webhook.endpoint.id,
    organizationId: organization.id,
    invitationId: invitation.json().data.id,
    signingPath: ((link) => link.pathname + link.search + link.hash)(new URL(linkIn(mail))),
  };
}

let seed: Seed;
beforeAll(async () => {
  seed = await seedOnce();
});

/** A violation as the failure message lists it: rule, screen, state and the elements it found. */
interface Found {
  rule: string;
  impact: string | null | undefined;
  where: string;
  targets: string[];
  summary: string;
}

/** What an open dialog, menu or popover is: the layer a state's check looks at. */
const LAYER = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * The rules that read colours: axe's `cat.color` less `color-contrast-enhanced` (AAA, which axe does
 * not run by default, nor the gate). A theme changes colours only (the `dark` class sets the colour
 * tokens of web/src/styles/index.css, and `dark:` utilities set colours; no screen shows, hides, names
 * or places anything by theme), so every other rule finds in the second theme what it found in the
 * first, and the second theme of each state is checked with these rules.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core, configured as @axe-core/playwright's runs in the page are: this origin's frames only. */
const AXE_SOURCE = `${axe.source}
;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/**
 * Runs axe on the page and adds what it finds to `found`. With `layer`, only the open dialog, menu
 * or popover: the page under it was checked on its own, and is inert while a modal layer is open.
 * With `colourOnly`, only the rules that read colours (COLOUR_RULES).
 */
async function check(
  page: Page,
  where: string,
  found: Found[],
  layer = false,
  colourOnly = false,
): Promise<void> {
  const rules: Record<string, { enabled: boolean }> = {
    // The rule on accessible names that contain their visible label is experimental in axe: on here.
    'label-content-name-mismatch': { enabled: true },
  };
  // A menu or popover is placed at the end of the page, outside its landmarks, as the popup patterns
  // have it (docs/accessibility.md, "Rule exceptions").
  if (layer) rules.region = { enabled: false };
  const options: RunOptions = {
    rules,
    // Violations only: the elements of every rule passed or not applicable are left out of the results.
    resultTypes: ['violations'],
    ...(colourOnly ? { runOnly: { type: 'rule', values: COLOUR_RULES } } : {}),
  };
  const context: ElementContext = { include: layer ? [LAYER] : [], exclude: [] };
  // axe-core runs in the page itself, put there once per document: it stays while the screen's states
  // open and close (@axe-core/playwright would evaluate its half megabyte of source twice per run).
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    ({ context, options }) => (globalThis as unknown as { axe: typeof axe }).axe.run(context, options),
    { context, options },
  );
  for (const violation of results.violations) {
    const item = {
      rule: violation.id,
      impact: violation.impact,
      where,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? '',
    };
    if (process.env.A11Y_REPORT) console.log(`FOUND ${JSON.stringify(item)}`);
    found.push(item);
  }
}

/** The two themes: the gate checks each state of a screen in both, switching the theme in place. */
type Theme = 'light' | 'dark';

/** A signed-in or signed-out page of one width, and the theme it shows now. */
interface View {
  page: Page;
  width: number;
  theme: Theme;
}

/**
 * Shows the page in `theme` without reloading it: the page follows the system's colour scheme (the
 * app's `system` theme), which the browser then reports as `theme`. Waits for the app's class on the
 * document and for the colour transitions it starts, so axe reads the theme's final colours.
 */
async function showTheme(view: View, theme: Theme): Promise<void> {
  if (view.theme === theme) return;
  await view.page.emulateMedia({ colorScheme: theme });
  view.theme = theme;
  // Runs in the page (these tests have no DOM types): the class the app sets, then its transitions.
  await view.page.evaluate(async (dark) => {
    type Running = { constructor: { name: string }; finished: Promise<unknown> };
    const page = globalThis as unknown as {
      document: {
        documentElement: { classList: { contains(name: string): boolean } };
        getAnimations(): Running[];
      };
      requestAnimationFrame(callback: () => void): void;
    };
    const { document } = page;
    const deadline = Date.now() + 10_000;
    while (document.documentElement.classList.contains('dark') !== dark) {
      if (Date.now() > deadline)
        throw new Error(`the page never showed the ${dark ? 'dark' : 'light'} theme`);
      await new Promise<void>((resolve) => page.requestAnimationFrame(resolve));
    }
    const transitions = document.getAnimations().filter((a) => a.constructor.name === 'CSSTransition');
    await Promise.all(transitions.map((a) => a.finished.catch(() => null)));
  }, theme === 'dark');
}

/**
 * Checks the page as it stands in both themes (the one it shows first, so each state switches once):
 * every rule in the first, the rules that read colours in the second (COLOUR_RULES). `where` names
 * the screen and state, the theme and width are added to it.
 */
async function checkThemes(view: View, where: string, found: Found[], layer = false): Promise<void> {
  const themes: Theme[] = view.theme === 'light' ? ['light', 'dark'] : ['dark', 'light'];
  for (const theme of themes) {
    await showTheme(view, theme);
    const colourOnly = theme !== themes[0];
    await check(view.page, where.replace('%s', `${theme}, ${view.width}px`), found, layer, colourOnly);
    if (process.env.A11Y_SHOTS && !layer) {
      const file = `${theme}-${view.width}-${where}`.replace(/[^a-z0-9]+/gi, '-').slice(0, 120);
      await view.page.screenshot({ path: `${process.env.A11Y_SHOTS}/${file}.png`, fullPage: true });
    }
  }
}

async function visit(view: View, screen: Screen, found: Found[]): Promise<void> {
  const { page } = view;
  const path = screen.path(seed);
  const where = `${path} (%s)`;
  const started = Date.now();
  try {
    await page.goto(path, { waitUntil: 'commit' });
    await screen.ready(page);
  } catch (error) {
    found.push({
      rule: 'screen never drawn',
      impact: null,
      where: where.replace('%s', `${view.width}px`),
      targets: [],
      summary: (error as Error).message,
    });
    return;
  }
  const drawn = Date.now();
  await checkThemes(view, where, found);
  if (process.env.A11Y_REPORT) console.log(`${drawn - started} + ${Date.now() - drawn} ms ${path}`);
  for (const state of screen.states ?? []) {
    if (state.tableOnly && view.width < 640) continue;
    try {
      await state.open(page);
    } catch (error) {
      found.push({
        rule: 'state never opened',
        impact: null,
        where: `${where.replace('%s', `${view.theme}, ${view.width}px`)} ${state.name}`,
        targets: [],
        summary: (error as Error).message,
      });
      await page.goto(path, { waitUntil: 'commit' });
      await screen.ready(page);
      continue;
    }
    await checkThemes(view, `${where} with the ${state.name} open`, found, state.layer);
    if (state.close) await state.close(page);
    else {
      await page.goto(path, { waitUntil: 'commit' });
      await screen.ready(page);
    }
  }
}

/** A11Y_SCREENS (a pattern of addresses) narrows a local run to some screens; the full gate runs every one. */
const only = process.env.A11Y_SCREENS ? new RegExp(process.env.A11Y_SCREENS) : null;

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

describe('the accessibility gate (docs/accessibility.md)', () => {
  // One signed-in browser context per width, the two at once; each state is checked light and dark.
  for (const { width, height } of WIDTHS) {
    const name = `finds no violation on any screen, light and dark at ${width}x${height}`;
    it.concurrent(name, { timeout: 900_000 }, async ({ expect }) => {
      const context: BrowserContext = await browser.newContext({
        baseURL: app.url,
        viewport: { width, height },
        colorScheme: 'light',
        reducedMotion: 'reduce',
      });
      // The app's `system` theme: the page shows the colour scheme the browser reports (showTheme()).
      await context.addInitScript(() => localStorage.setItem('vite-ui-theme', 'system'));
      const view: View = { page: await context.newPage(), width, theme: 'light' };
      view.page.setDefaultTimeout(30_000);
      const chosen = SCREENS.filter((screen) => !only || only.test(screen.path(seed)));
      const found: Found[] = [];
      try {
        for (const screen of chosen.filter((s) => s.signedOut)) await visit(view, screen, found);
        await context.addCookies(cookiesOf(seed.cookie, app.url));
        for (const screen of chosen.filter((s) => !s.signedOut)) await visit(view, screen, found);
      } finally {
        await context.close();
      }
      if (process.env.A11Y_REPORT) console.log(JSON.stringify(found, null, 1));
      expect(
        found.map((f) => `${f.rule} (${f.impact}) on ${f.where}: ${f.targets.join(', ')}; ${f.summary}`),
      ).toEqual([]);
    });
  }

  it("covers every route of the web app's router", async () => {
    const tree = await readFile(new URL('../../web/src/routeTree.gen.ts', import.meta.url), 'utf8');
    const to = /\bto:\s*((?:\s*\|\s*'[^']*')+)/.exec(tree)?.[1];
    if (!to) throw new Error('web/src/routeTree.gen.ts lists no routes');
    const routes = [...to.matchAll(/'([^']*)'/g)].map((m) => m[1]).sort();
    const covered = [...new Set(SCREENS.map((screen) => screen.route).filter((r) => r !== null))].sort();
    expect(covered).toEqual(routes);
  });
});
