import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from './app.ts';
import {
  apiRoutes,
  membershipEndingLast,
  type OrganizationRecords,
  organizationWithRecords,
  routeKey,
  routeSamples,
} from './route-samples.ts';
import { startTestApp, type TestApp } from './test-support.ts';

/**
 * Property-based fuzz of every route of the route table: whatever the path parameters, the query,
 * the body and the read-your-writes header, the answer is never a 5xx, and a refused request (4xx)
 * writes nothing. Values lean towards what broke things before: huge and exotic numbers, dates past
 * the calendar, long text, wrong types, and the names of the real parameters.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

let app: TestApp;
let records: OrganizationRecords;

beforeAll(async () => {
  app = await startTestApp();
  records = await organizationWithRecords(app, 'Fuzzed');
});
afterAll(() => app.stop());

const nastyText = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e15',
  '1e400',
  '0x10',
  'NaN',
  'Infinity',
  '9007199254740993',
  '+275760-09-13',
  '2026-02-30',
  '1969-12-31',
  '2201-01-01',
  '2026-11-21T25:61:00Z',
  'true',
  'null',
  '[]',
  '{}',
  '%00',
  '\u0000',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'ünïcödé 🚚',
  'x'.repeat(10_000),
  'FLATBED',
  'NORTH',
  'HEAVY',
  'TONS',
  'owner',
  'memberPlus',
  'desc',
  'gte',
  'eq',
  'createdAt',
  'availableDate',
);
const text = fc.oneof(nastyText, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e15, Number.MAX_SAFE_INTEGER, 1e308, -0),
);
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** The names of every parameter the API reads, so the fuzz reaches past "unknown parameter". */
const queryNames = [
  'limit',
  'page',
  'orderBy',
  'sort',
  'startDate',
  'endDate',
  'dateOperation',
  'dateField',
  'status',
  'trailerType',
  'direction',
  'unitNumber',
  'search',
  'createdBy',
  'product',
  'role',
  'year',
  'type',
  'id',
  'teamId',
  'minPosition',
  'version',
];

function queryFor(sampleQuery: Record<string, string> | undefined) {
  const known = [...new Set([...Object.keys(sampleQuery ?? {}), ...queryNames])];
  return fc.dictionary(
    fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 8 })),
    fc.oneof(text, fc.array(text, { maxLength: 3 })),
    {
      maxKeys: 4,
    },
  );
}

function bodyFor(sampleBody: Record<string, unknown> | undefined) {
  const sample = sampleBody ?? {};
  const keys = Object.keys(sample);
  // The well-formed body with some fields replaced, dropped or added: most requests get past the
  // first field and reach the others.
  const mutated = fc
    .record({
      replace: fc.dictionary(keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 }), json, {
        maxKeys: 3,
      }),
      drop: fc.subarray(keys),
      extra: fc.dictionary(fc.string({ maxLength: 8 }), json, { maxKeys: 1 }),
    })
    .map(({ replace, drop, extra }) => {
      const body: Record<string, unknown> = { ...sample, ...replace };
      for (const key of drop) delete body[key];
      return Math.random() < 0.2 ? { ...body, ...extra } : body;
    });
  return fc.oneof(mutated, json);
}

function pathFor(route: RouteEntry, samplePath: string) {
  if (!route.url.includes(':')) return fc.constant(samplePath);
  const parameter = fc.oneof(text, number.map(String)).map((value) => encodeURIComponent(value) || 'x');
  return parameter.map((value) => route.url.replace(/:\w+/g, value));
}

/** What Node's HTTP parser lets through in a header value: no control characters, bytes only. */
const asHeaderValue = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to take out
  value.replace(/[\u0000-\u0008\u000a-\u001f\u007f]|[^\u0000-\u00ff]/g, '').slice(0, 200);

describe('fuzz: every route of the route table', () => {
  it('covers the whole table', () => {
    expect(apiRoutes(app).map(routeKey).sort()).toEqual(Object.keys(routeSamples).sort());
  });

  it('never answers 5xx, and a refused request writes nothing', async () => {
    for (const route of membershipEndingLast(apiRoutes(app))) {
      const key = routeKey(route);
      const sample = (routeSamples[key] as NonNullable<(typeof routeSamples)[string]>)(records);
      const hasBody = route.method === 'POST' || route.method === 'PATCH';
      await fc.assert(
        fc.asyncProperty(
          pathFor(route, sample.path),
          queryFor(sample.query),
          hasBody ? bodyFor(sample.body) : fc.constant(undefined),
          fc.option(text, { nil: undefined }),
          async (path, query, body, minPosition) => {
            const search = new URLSearchParams();
            for (const [name, value] of Object.entries(query)) {
              for (const item of ([] as string[]).concat(value)) search.append(name, item);
            }
            const before = await app.infrastructure.eventStore.headPosition();
            const response = await app.app.inject({
              method: route.method as 'GET',
              url: search.size ? `${path}?${search}` : path,
              headers: {
                cookie: records.cookie,
                origin: app.url,
                ...(hasBody ? { 'content-type': 'application/json' } : {}),
                ...(minPosition === undefined ? {} : { 'x-min-position': asHeaderValue(minPosition) }),
              },
              ...(hasBody ? { payload: JSON.stringify(body) } : {}),
            });
            const label = `${key} ${path}?${search} ${JSON.stringify(body)?.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, label).toBeLessThan(500);
            if (response.statusCode >= 400) {
              expect(await app.infrastructure.eventStore.headPosition(), label).toBe(before);
              expect(response.json(), label).toMatchObject({
                success: false,
                code: expect.any(String),
                message: expect.any(String),
              });
            }
          },
        ),
        { numRuns: RUNS },
      );
    }
  });
});
