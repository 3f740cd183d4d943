import {
  SAVED_SEARCHES_MAX,
  SAVED_SEARCHES_MAX_MESSAGE,
  savedSearchCreateSchema,
  WEBHOOKS_MAX,
  WEBHOOKS_MAX_MESSAGE,
} from '@dispatch/domain';
import { join, ownerWithOrganization, query, signIn, startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as aggregates from './aggregates.ts';
import { handle, newCommandContext } from './command-handler.ts';

/**
 * The product's "at most so many" and "one at a time" rules, asked a hundred times at the same
 * moment: exactly what the rule allows passes, and the rest are refused with its own words.
 */

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
const TOGETHER = 100;

beforeAll(async () => {
  // Endpoints on this machine are allowed so that registrations reach the cap rather than the address check.
  app = await startTestApp({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  owner = await ownerWithOrganization(app, 'limits-owner@example.com', 'Limits Freight');
});
afterAll(() => app.stop());

const head = () => app.infrastructure.eventStore.headPosition();

function saveSearch(cookie: string, name: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/saved-searches',
    headers: { cookie, origin: app.url },
    payload: { name, kind: 'trucks', params: {}, alert: { inApp: true, email: true } },
  });
}

async function savedSearchesOf(cookie: string): Promise<{ id: string }[]> {
  await app.projector.waitFor(await head(), 10_000);
  const response = await query(app, cookie, '/api/v1/saved-searches');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function saveTogether(cookie: string, count: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => saveSearch(cookie, `Together ${i}`)),
  );
  const refused = answers.filter((answer) => answer.statusCode !== 201);
  return {
    saved: answers.length - refused.length,
    refusals: [...new Set(refused.map((answer) => `${answer.statusCode} ${answer.json().message}`))],
  };
}

describe('saved searches saved at the same moment', () => {
  it('keep exactly the cap, however many arrive together', async () => {
    const user = await join(app, owner.cookie, 'limits-collector@example.com');
    const outcome = await saveTogether(user.cookie, TOGETHER);
    expect(outcome).toEqual({ saved: SAVED_SEARCHES_MAX, refusals: [`409 ${SAVED_SEARCHES_MAX_MESSAGE}`] });
    const kept = await savedSearchesOf(user.cookie);
    expect(kept).toHaveLength(SAVED_SEARCHES_MAX);

    // A deleted search frees its place, for one more only.
    const [first] = kept;
    const deleted = await app.app.inject({
      method: 'DELETE',
      url: `/api/v1/saved-searches/${first?.id}`,
      headers: { cookie: user.cookie, origin: app.url },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await saveTogether(user.cookie, 10)).toEqual({
      saved: 1,
      refusals: [`409 ${SAVED_SEARCHES_MAX_MESSAGE}`],
    });
    expect(await savedSearchesOf(user.cookie)).toHaveLength(SAVED_SEARCHES_MAX);
  });

  it('count the searches kept before their places were recorded', async () => {
    const user = await join(app, owner.cookie, 'limits-earlier@example.com');
    // Three searches saved as the product did before places were recorded: no place taken.
    const context = newCommandContext({ orgId: owner.organization.id, actorId: user.userId });
    for (let i = 0; i < 3; i++) {
      const savedSearchId = crypto.randomUUID();
      await handle(
        app.infrastructure.eventStore,
        aggregates.savedSearches,
        savedSearchId,
        {
          type: 'CreateSavedSearch',
          data: {
            savedSearchId,
            orgId: owner.organization.id,
            ownerId: user.userId,
            input: savedSearchCreateSchema.parse({ name: `Earlier ${i}`, kind: 'trucks' }),
          },
        },
        context,
        { create: true },
      );
    }
    expect(await savedSearchesOf(user.cookie)).toHaveLength(3);
    expect((await saveTogether(user.cookie, TOGETHER)).saved).toBe(SAVED_SEARCHES_MAX - 3);
    expect(await savedSearchesOf(user.cookie)).toHaveLength(SAVED_SEARCHES_MAX);
  });
});

describe('webhook endpoints added at the same moment', () => {
  const register = (cookie: string, i: number) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: { cookie, origin: app.url },
      payload: { url: `http://127.0.0.1:9/hook-${i}`, eventTypes: ['truck.posted'] },
    });
  const registerTogether = async (cookie: string, count: number, from = 0) => {
    const answers = await Promise.all(Array.from({ length: count }, (_, i) => register(cookie, from + i)));
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    return {
      registered: answers
        .filter((answer) => answer.statusCode === 201)
        .map((answer) => answer.json().endpoint.id),
      refusals: [...new Set(refused.map((answer) => `${answer.statusCode} ${answer.json().message}`))],
    };
  };
  const endpointsOf = async (cookie: string): Promise<{ id: string }[]> => {
    await app.projector.waitFor(await head(), 10_000);
    const response = await query(app, cookie, '/api/v1/webhooks');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items;
  };

  it('keep exactly the cap for the organization, and a removed endpoint frees one place', async () => {
    const other = await ownerWithOrganization(app, 'limits-hooks@example.com', 'Hooks Freight');
    const outcome = await registerTogether(other.cookie, 2 * WEBHOOKS_MAX);
    expect(outcome.registered).toHaveLength(WEBHOOKS_MAX);
    expect(outcome.refusals).toEqual([`409 ${WEBHOOKS_MAX_MESSAGE}`]);
    expect(await endpointsOf(other.cookie)).toHaveLength(WEBHOOKS_MAX);

    const removed = await app.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${outcome.registered[0]}`,
      headers: { cookie: other.cookie, origin: app.url },
    });
    expect(removed.statusCode).toBe(204);
    const again = await registerTogether(other.cookie, 5, 100);
    expect(again.registered).toHaveLength(1);
    expect(again.refusals).toEqual([`409 ${WEBHOOKS_MAX_MESSAGE}`]);
    expect(await endpointsOf(other.cookie)).toHaveLength(WEBHOOKS_MAX);
  });
});

describe('read model rebuilds asked for at the same moment', () => {
  it('start one rebuild; the others are told one is under way', async () => {
    await app.infrastructure.auth.createUser({
      email: 'limits-admin@example.com',
      password: 'correct-horse-battery',
      name: 'Pat Admin',
      role: 'super_admin',
    });
    const admin = await signIn(app, 'limits-admin@example.com');
    const rebuild = () =>
      app.app.inject({
        method: 'POST',
        url: '/api/v1/admin/read-models/rebuild',
        headers: { cookie: admin, origin: app.url },
        payload: {},
      });
    const answers = await Promise.all(Array.from({ length: TOGETHER }, rebuild));
    expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(1);
    expect([
      ...new Set(
        answers
          .filter((answer) => answer.statusCode !== 202)
          .map((answer) => `${answer.statusCode} ${answer.json().message}`),
      ),
    ]).toEqual(['409 A rebuild is already running']);

    // Once it is over, another may be asked for.
    const status = async () => (await query(app, admin, '/api/v1/admin/read-models')).json().data;
    const deadline = Date.now() + 20_000;
    while ((await status()).state !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await status()).state).toBe('completed');
    expect((await rebuild()).statusCode).toBe(202);
  });
});
