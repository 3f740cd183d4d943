import { readFileSync } from 'node:fs';
import { feedPageAnswerSchema } from '@dispatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithOrganization } from './organization-fixtures.ts';
import { startTestApp, type TestApp } from './test-support.ts';

/** The README's "Connect a TMS" recipes, run as a newcomer would run them: they must keep working. */

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## Connect a TMS'), readme.indexOf('## Security'));

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  const owner = await ownerWithOrganization(app, 'recipes@example.com', 'Recipe Freight');
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { cookie: owner.cookie, origin: app.url },
    payload: { name: 'README', scopes: ['postings:read', 'postings:write'] },
  });
  expect(created.statusCode, created.body).toBe(201);
  key = created.json().secret;
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

describe('the README recipes', () => {
  it('posts the load of the curl recipe with a key, and the feed recipe answers it', async () => {
    const body = /-d '(\{[\s\S]*?\})'/.exec(section)?.[1];
    expect(body, 'the curl recipe posts a JSON body').toBeDefined();
    const posted = await fetch(`${app.url}/api/v1/loads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body?.replace(/\n\s*/g, ' '),
    });
    const text = await posted.text();
    expect(posted.status, text).toBe(201);

    const feedPath = /"http:\/\/localhost:3000(\/api\/v1\/events\?[^"]+)"/.exec(section)?.[1];
    expect(feedPath, 'the feed recipe names its request').toBeDefined();
    // From the start rather than the recipe's saved sequence, which this new organization has not reached.
    const path = feedPath?.replace(/after=\d+/, 'after=0');
    const page = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
    expect(page.status).toBe(200);
    const items = feedPageAnswerSchema.parse(await page.json()).items;
    expect(items[0]?.type).toBe('load.posted');
    expect(items[0]?.data).toMatchObject({ id: JSON.parse(text).id, originCity: 'Des Moines' });
  });
});
