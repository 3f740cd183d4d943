import { createOrganization, signUp, startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

describe('organizations, first cut', () => {
  it('lists the organizations of the user and returns the active one', async () => {
    const cookie = await signUp(app, 'owner5@example.com');
    const created = await createOrganization(app, cookie, 'Listed Org');
    const position = (
      await app.app.inject({
        method: 'POST',
        url: '/api/v1/organization/set-active',
        headers: { cookie },
        payload: { organizationId: created.id },
      })
    ).statusCode;
    expect(position).toBe(200);
    const wait = {
      cookie,
      'x-min-position': (await app.infrastructure.eventStore.headPosition()).toString(),
    };
    const list = await app.app.inject({ method: 'GET', url: '/api/v1/organization/list', headers: wait });
    expect(list.json().data).toEqual([
      {
        id: created.id,
        name: 'Listed Org',
        slug: 'listed-org',
        timeZone: 'America/Chicago',
        postingMaxAgeDays: 8,
        role: 'owner',
        createdAt: expect.any(String),
      },
    ]);
    const full = await app.app.inject({
      method: 'GET',
      url: '/api/v1/organization/get-full-organization',
      headers: wait,
    });
    expect(full.json().data).toMatchObject({ id: created.id, slug: 'listed-org', role: 'owner' });
  });
});
