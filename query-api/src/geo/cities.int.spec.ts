import { citiesAnswerSchema } from '@dispatch/domain';
import { signUp, startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** GET /api/v1/cities: the city pickers' search of the gazetteer. */

let app: TestApp;
let alice: string;

beforeAll(async () => {
  app = await startTestApp();
  // Signed in, in no organization yet: the gazetteer is the same for everyone.
  alice = await signUp(app, 'alice.cities@example.com', 'Alice');
});
afterAll(() => app.stop());

async function cities(query: string, cookie: string | null = alice) {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1/cities${query}`,
    headers: cookie ? { cookie } : {},
  });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /api/v1/cities', () => {
  it("answers a state's places starting with the text, largest first", async () => {
    const { status, body } = await cities('?state=ME&search=ban&limit=20');
    expect(status).toBe(200);
    const answer = citiesAnswerSchema.parse(body);
    expect(answer.data[0]).toMatchObject({ name: 'Bangor', state: 'ME' });
    expect(answer.data[0]?.latitude).toBeCloseTo(44.8, 1);
    expect(answer.data[0]?.longitude).toBeCloseTo(-68.77, 1);
    expect(answer.data[0]?.population).toBeGreaterThan(30_000);
    for (const place of answer.data) expect(place.name.toLowerCase().startsWith('ban')).toBe(true);
  });

  it('forgives case and abbreviations, takes the limit, and defaults to 20', async () => {
    const chicago = await cities('?state=il&search=CHI&limit=3');
    expect(chicago.status).toBe(200);
    expect(chicago.body.data).toHaveLength(3);
    expect(chicago.body.data[0].name).toBe('Chicago');
    const fortKent = await cities('?state=ME&search=ft.%20ke');
    expect(fortKent.body.data.map((place: { name: string }) => place.name)).toContain('Fort Kent');
    const all = await cities('?state=TX');
    expect(all.body.data).toHaveLength(20);
    expect(all.body.data[0].name).toBe('Houston');
  });

  it('answers nothing for a text no place starts with', async () => {
    expect((await cities('?state=TX&search=zzzz')).body).toEqual({ success: true, data: [] });
  });

  it('takes a state by its name as by its code, and refuses one that is not a US state or DC', async () => {
    const maine = await cities('?state=maine&search=ban');
    expect(maine.status).toBe(200);
    expect(maine.body.data[0]).toMatchObject({ name: 'Bangor', state: 'ME' });
    const puertoRico = await cities('?state=PR&search=san');
    expect(puertoRico.status).toBe(400);
    expect(puertoRico.body.errors).toEqual({ state: ['State must be a US state or DC'] });
  });

  it('refuses input it cannot read, with the field named', async () => {
    const noState = await cities('?search=ban');
    expect(noState.status).toBe(400);
    expect(noState.body.errors.state).toBeDefined();
    expect((await cities('?state=Mainee')).status).toBe(400);
    expect((await cities('?state=ME&limit=51')).status).toBe(400);
    expect((await cities('?state=ME&limit=0')).status).toBe(400);
    expect((await cities(`?state=ME&search=${'a'.repeat(101)}`)).status).toBe(400);
    expect((await cities('?state=ME&city=Bangor')).status).toBe(400);
  });

  it('is for signed-in users only', async () => {
    const { status, body } = await cities('?state=ME&search=ban', null);
    expect(status).toBe(401);
    expect(body.code).toBe('UNAUTHORIZED');
  });
});
