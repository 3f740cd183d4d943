import { rmSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { projectedFromZero, readModelFileSnapshot } from '@dispatch/projector/testing';
import {
  freeLoopbackPort,
  type RunningServices,
  type ServiceProcess,
  startServices,
} from '@dispatch/standalone/services';
import { openSqliteEventStore } from '@dispatch/storage';
import {
  eventually,
  join,
  ownerWithOrganization,
  PASSWORD,
  startTestApp,
  testEnvironment,
  upcomingTruck,
} from '@dispatch/test-kit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';

/**
 * The services apart, as `npm run start:services` runs them (the command API, the projector and two
 * query API replicas, each a process of its own on one DATA_DIR, behind the gateway), with two
 * dispatchers of one organization signed in through the gateway in two browsers, both posting trucks
 * and watching the trucks board. Each process is killed (SIGKILL) while they do, and started again;
 * then every acknowledged post is on both screens exactly once, the screens show what the read model
 * holds, and no post is applied twice; after the projector's death the read models equal a projection
 * of the log from zero.
 *
 * A browser's live connection is held away (its reconnection waits, as on a slow network, while its
 * page still posts) from the kill until the posts made meanwhile are acknowledged: what it missed can
 * then reach it only by the catch-up the test is about, never by a push that happened to come after
 * it was back.
 *
 * Each test was seen to fail against a build broken on purpose:
 * - replicas: a replica that answers a returning connection as caught up without sending what it
 *   missed (query-api/src/live/socket-server.ts, `missed` always empty): the posts made while the
 *   connection was away never show on its screen. And a board that does not read its screen again
 *   when the replica cannot say what it missed (web/src/features/live/use-live-updates.ts, no
 *   `refreshAllKinds` on `caughtUp: false`): the same, on the replica started after them.
 * - projector: a projector whose catch-up after a restart writes no change log entries (only the
 *   batches of events newer than its start): the read models hold the posts made while it was dead,
 *   the screens never hear of them. And one that starts at the log's head instead of its checkpoint:
 *   those posts never reach the read models.
 * - command API: a command API that, restarted, reserves its block of truck ids again from the
 *   start (the reservation appended without its expected revision): its first posts are refused.
 */

const METRICS_TOKEN = 'services-kill-metrics-token';
const DISPATCHERS = [
  { email: 'kill-owner@example.com', label: 'Owner' },
  { email: 'kill-member@example.com', label: 'Member' },
] as const;

interface Screen {
  label: string;
  context: BrowserContext;
  page: Page;
  live: LiveLine;
}

let dataDir: string;
let origin: string;
let slug: string;
let services: RunningServices;
let browser: Browser;
const screens: Screen[] = [];
/** Every post a browser had acknowledged (201 with its id): id → truck name. */
const acknowledged = new Map<number, string>();
/** The names of posts that were not acknowledged (under way when the command API died). */
const unanswered: string[] = [];
let lastPosition = 0n;

/**
 * The live connections of one browser context, through a route that can hold new ones: a connection
 * opened while held waits (its page's socket still connecting) until released, then goes on to the
 * gateway. Counts the connections the server side closed.
 */
class LiveLine {
  closedByServer = 0;
  #held: Promise<void> | null = null;
  #release: (() => void) | null = null;

  static async of(context: BrowserContext): Promise<LiveLine> {
    const line = new LiveLine();
    await context.routeWebSocket(/\/socket\.io\//, async (route) => {
      await line.#held;
      const server = route.connectToServer();
      server.onClose(() => {
        line.closedByServer += 1;
        void route.close();
      });
    });
    return line;
  }

  hold() {
    this.#held ??= new Promise((resolve) => {
      this.#release = resolve;
    });
  }

  release() {
    this.#release?.();
    this.#held = null;
    this.#release = null;
  }
}

/** The live connections a query API replica holds (its GET /metrics). */
async function liveConnections(replica: ServiceProcess): Promise<number> {
  const answer = await fetch(`${replica.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await answer.text())
    .split('\n')
    .find((text) => text.startsWith('dispatch_live_connections '));
  if (!line) throw new Error(`no dispatch_live_connections in ${replica.name}'s metrics (${answer.status})`);
  return Number(line.split(' ')[1]);
}

/** The position the projector's read models reflect (its health answer). */
async function projected(): Promise<bigint> {
  const answer = await fetch(services.projector.url);
  return BigInt(((await answer.json()) as { position: string }).position);
}

/** One post from a browser's page, through the gateway with its session, as the app's form sends it. */
async function post(screen: Screen, truckName: string) {
  const answer = await screen.page.evaluate(
    async (truck) => {
      try {
        const response = await fetch('/api/v1/trucks', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(truck),
        });
        const body = (await response.json().catch(() => ({}))) as { id?: number };
        return { status: response.status, id: body.id, position: response.headers.get('x-event-position') };
      } catch {
        return { status: 0, id: undefined, position: null };
      }
    },
    { ...upcomingTruck(), truckName },
  );
  if (answer.status === 201 && typeof answer.id === 'number') {
    acknowledged.set(answer.id, truckName);
    if (answer.position && BigInt(answer.position) > lastPosition) lastPosition = BigInt(answer.position);
  } else {
    unanswered.push(truckName);
  }
  return answer.status;
}

/** Each browser posts `count` trucks, one after the other, both at once: the statuses answered. */
async function postRound(round: string, count = 2): Promise<number[]> {
  const statuses = await Promise.all(
    screens.map(async (screen) => {
      const answered: number[] = [];
      for (let i = 0; i < count; i++) answered.push(await post(screen, `${round} ${screen.label} ${i + 1}`));
      return answered;
    }),
  );
  return statuses.flat();
}

const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: /^Live$/ });

async function openBoard(email: string, label: string): Promise<Screen> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1366, height: 900 } });
  const live = await LiveLine.of(context);
  const page = await context.newPage();
  // Signed in, the app opens the board (up to 100 rows a page: every truck of the test).
  await page.goto(`/login?redirect=${encodeURIComponent(`/${slug}/trucks?limit=100`)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**/${slug}/trucks?limit=100`);
  await page.getByText('No trucks posted yet').waitFor();
  await liveStatus(page).waitFor();
  return { label, context, page, live };
}

/** The trucks the read model lists (through the gateway, as the first browser's session). */
async function readModel(): Promise<{ id: number; truckName: string }[]> {
  const answer = await screens[0]!.context.request.get('/api/v1/trucks?limit=100');
  if (answer.status() !== 200) return [];
  return ((await answer.json()) as { data: { id: number; truckName: string }[] }).data;
}

/** The rows a browser's board shows: each row's truck id and text. */
const rowsOf = (page: Page) =>
  page.$$eval('tr[data-truck-id]', (rows) =>
    rows.map((row) => ({ id: Number(row.getAttribute('data-truck-id')), text: row.textContent ?? '' })),
  );

const sortedIds = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/**
 * Waits until the read model holds every acknowledged post and both boards show what it holds, then
 * checks it: each acknowledged post on both screens exactly once, as the read model has it, and no
 * post twice in the read model.
 */
async function expectConverged() {
  const read = async () => ({
    model: await readModel(),
    shown: await Promise.all(screens.map((screen) => rowsOf(screen.page))),
  });
  const state = await eventually(read, ({ model, shown }) => {
    const ids = sortedIds(model.map((truck) => truck.id));
    return (
      [...acknowledged.keys()].every((id) => ids.includes(id)) &&
      shown.every((rows) => JSON.stringify(sortedIds(rows.map((row) => row.id))) === JSON.stringify(ids))
    );
  });
  const modelIds = sortedIds(state.model.map((truck) => truck.id));
  expect(modelIds, 'acknowledged posts in the read model').toEqual(
    expect.arrayContaining(sortedIds(acknowledged.keys())),
  );
  // Applied once: every name posted at most once in the read model, an acknowledged one exactly once.
  const names = state.model.map((truck) => truck.truckName);
  expect(
    names.filter((name, index) => names.indexOf(name) !== index),
    'posts applied twice',
  ).toEqual([]);
  for (const [id, name] of acknowledged) {
    expect(state.model.find((truck) => truck.id === id)?.truckName, `truck ${id}`).toBe(name);
  }
  for (const name of unanswered)
    expect(names.filter((found) => found === name).length).toBeLessThanOrEqual(1);
  for (const [index, rows] of state.shown.entries()) {
    const label = screens[index]!.label;
    expect(sortedIds(rows.map((row) => row.id)), `${label}'s board against the read model`).toEqual(modelIds);
    for (const truck of state.model) {
      const row = rows.find((candidate) => candidate.id === truck.id);
      expect(row?.text, `${label}'s row of truck ${truck.id}`).toContain(truck.truckName);
    }
  }
}

/** Holds the live connections of both browsers, kills `service` and waits until `closed` of them were closed. */
async function killWhileHeld(service: ServiceProcess, closed: number) {
  for (const screen of screens) screen.live.hold();
  const before = screens.reduce((sum, screen) => sum + screen.live.closedByServer, 0);
  await service.kill();
  await eventually(
    async () => screens.reduce((sum, screen) => sum + screen.live.closedByServer, 0) - before,
    (count) => count >= closed,
  );
}

beforeAll(async () => {
  // The organization and its two dispatchers, made through the API of the product on the data folder
  // (closed before the services open it).
  const seed = await startTestApp();
  dataDir = seed.dataDir;
  const owner = await ownerWithOrganization(seed, DISPATCHERS[0].email, 'Kill Switch Freight');
  slug = owner.organization.slug;
  await join(seed, owner.cookie, DISPATCHERS[1].email);
  await seed.close();

  const port = await freeLoopbackPort();
  const { env } = await testEnvironment({
    dataDir,
    env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` },
  });
  origin = env.PUBLIC_URL;
  [services, browser] = await Promise.all([
    startServices({ env, port, host: '127.0.0.1', settings: { METRICS_TOKEN, AUTH_RATE_LIMIT: 'off' } }),
    launchChromium(),
  ]);
  screens.push(...(await Promise.all(DISPATCHERS.map(({ email, label }) => openBoard(email, label)))));
  // Five processes started one after the other, then two sign-ins: seconds on a quiet machine, minutes on
  // a crowded one.
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await services?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the services apart, each killed while two browsers post and watch the trucks board', () => {
  it('a query API replica: its connections catch up by position on the other; the other killed too, they read their screen again on the one started after', async () => {
    expect(await postRound('Before')).toEqual([201, 201, 201, 201]);
    // On both boards before the kill: what a board misses from then on is only what was posted after it.
    await expectConverged();
    // The replica holding the most of the browsers' connections (at least one) dies first.
    const counts = await Promise.all(services.queries.map(liveConnections));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    const first = counts[0]! >= counts[1]! ? 0 : 1;
    const [killed, other] = [services.queries[first]!, services.queries[1 - first]!];
    await killWhileHeld(killed, counts[first]!);
    expect(await postRound('Replica away')).toEqual([201, 201, 201, 201]);
    for (const screen of screens) screen.live.release();
    // Back on the other replica, which heard every post: it sends what each connection missed.
    await eventually(
      () => liveConnections(other),
      (count) => count === 2,
    );
    expect(await postRound('Replica back')).toEqual([201, 201, 201, 201]);
    await expectConverged();

    // The other replica dies too, while the first is still down: the browsers come back to the first
    // once it is started again, after the posts made meanwhile; it cannot say what they missed.
    await killWhileHeld(other, 2);
    expect(await postRound('No replica')).toEqual([201, 201, 201, 201]);
    await eventually(projected, (position) => position >= lastPosition);
    await killed.restart();
    for (const screen of screens) screen.live.release();
    await eventually(
      () => liveConnections(killed),
      (count) => count === 2,
    );
    // The other is started again while the browsers post on.
    await Promise.all([
      other.restart(),
      (async () => {
        expect(await postRound('Replicas back')).toEqual([201, 201, 201, 201]);
        await expectConverged();
      })(),
    ]);
    const ready = await eventually(
      () => services.ready(),
      (urls) => urls.length === 2,
    );
    expect(ready).toEqual(services.queries.map((query) => query.url));
  });

  it('the projector: the posts acknowledged while it is dead show once it is back, and the read models equal a rebuild', async () => {
    expect(await postRound('Projector up')).toEqual([201, 201, 201, 201]);
    await services.projector.kill();
    expect(await postRound('Projector dead')).toEqual([201, 201, 201, 201]);
    await services.projector.restart();
    expect(await postRound('Projector back')).toEqual([201, 201, 201, 201]);
    await expectConverged();

    const events = openSqliteEventStore({ path: joinPath(dataDir, 'events.sqlite') });
    const head = await events.headPosition();
    await events.close();
    expect(await eventually(projected, (position) => position >= head)).toBe(head);
    expect(readModelFileSnapshot(joinPath(dataDir, 'read-models.sqlite'))).toEqual(
      await projectedFromZero(joinPath(dataDir, 'events.sqlite')),
    );
  });

  it('the command API: every post it acknowledged before its death shows once, and it takes posts again', async () => {
    // Both browsers post one truck after the other until a post fails; the command API dies after the
    // fourth acknowledgement of this round, with posts of both under way.
    const before = acknowledged.size;
    let stopped = false;
    const posting = screens.map(async (screen) => {
      for (let i = 1; !stopped; i++) {
        if ((await post(screen, `Command ${screen.label} ${i}`)) !== 201) stopped = true;
      }
    });
    await eventually(
      async () => acknowledged.size - before,
      (count) => count >= 4,
    );
    await services.command.kill();
    await Promise.all(posting);
    expect(acknowledged.size - before).toBeGreaterThanOrEqual(4);

    await services.command.restart();
    expect(await postRound('Command back')).toEqual([201, 201, 201, 201]);
    await expectConverged();
  });
});
