import { inputJsonSchema } from '@dispatch/http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from './app.ts';
import {
  apiRoutes,
  csvOf,
  eventsSince,
  knownStates,
  membershipEndingLast,
  type OrganizationRecords,
  organizationWithRecords,
  routeKey,
  routeSamples,
  type StateInput,
  stateInputs,
  unknownStates,
} from './route-samples.ts';
import { startTestApp, type TestApp } from './test-support.ts';

/**
 * Property-based fuzz of every route of the route table: whatever the path parameters, the query,
 * the body and the read-your-writes header, the answer is never a 5xx, and a refused request (4xx)
 * writes nothing. Values lean towards what broke things before: huge and exotic numbers, dates past
 * the calendar, long text, control characters, wrong types, and the names of the real parameters.
 * And text is text: a control character put in any text of a well-formed body is refused (a CSV
 * import refuses the row that holds it), and no event ever holds one.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

let app: TestApp;
let records: OrganizationRecords;

beforeAll(async () => {
  // Webhook deliveries write their attempts in the background: off, so that every write is a request's.
  app = await startTestApp({ webhookDelivery: false });
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
  'Acme\u0000Freight',
  '\u0007',
  '\u001b[31mred\u001b[0m',
  '\u0085',
  'a\tb',
  'a\r\nb',
  '\u007f',
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
  'TX',
  'texas',
  'New Mexico',
  'XX',
);
/**
 * The C0 and C1 control characters no text field takes: all but tab, line feed and carriage return,
 * which text of several lines keeps (CR as a line break). Each is refused wherever it stands.
 */
const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d)
  .map((code) => String.fromCharCode(code));
const withControl = fc
  .tuple(fc.string({ maxLength: 10 }), controlCharacter, fc.string({ maxLength: 10 }))
  .map((parts) => parts.join(''));
const text = fc.oneof(
  nastyText,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  withControl,
);
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

/**
 * The names of the parameters the route declares it reads (and `minPosition`, which every read
 * takes), so the fuzz reaches past "unknown parameter".
 */
function queryNames(route: RouteEntry): string[] {
  type Json = { properties?: object; anyOf?: Json[] };
  const declared = route.input?.querystring;
  const json: Json = declared ? (inputJsonSchema(declared) as Json) : {};
  const objects = [json, ...(json.anyOf ?? [])];
  return [...objects.flatMap((object) => Object.keys(object.properties ?? {})), 'minPosition'];
}

function queryFor(route: RouteEntry, sampleQuery: Record<string, string> | undefined) {
  const known = [...new Set([...Object.keys(sampleQuery ?? {}), ...queryNames(route)])];
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

type Path = (string | number)[];

/** The path of every string of `value`. */
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** `value` with `insert` put inside the string at `path`, `at` characters in (never at either end, which trimming takes off). */
function withInserted(value: unknown, path: Path, insert: string, at: number): unknown {
  if (path.length === 0) {
    const text = value as string;
    // Always between two characters: at either end a vertical tab or a form feed is trimmed away
    // with the surrounding white space, as it should be, and is no longer in the text to refuse.
    if (text.length < 2) return `${text}a${insert}a`;
    const index = 1 + (at % (text.length - 1));
    return `${text.slice(0, index)}${insert}${text.slice(index)}`;
  }
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withInserted(copy[head], rest, insert, at);
  return copy;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters looked for
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** The strings of an event's data and metadata that hold a control character (tab and line feed aside). */
const controlledStrings = (event: { data: unknown; metadata: unknown }) =>
  stringPaths(event)
    .map((path) =>
      path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], event),
    )
    .filter((value): value is string => typeof value === 'string' && CONTROL_IN_TEXT.test(value));

/** Imports answer 200 for a file whose rows they refuse: there the row is refused, not the request. */
const importRoutes = new Set([
  'POST /api/v1/trucks/import',
  'POST /api/v1/trucks/import/preview',
  'POST /api/v1/loads/import',
  'POST /api/v1/loads/import/preview',
]);

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
          queryFor(route, sample.query),
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

  it('refuses a control character in any text of a well-formed body, and no event ever holds one', async () => {
    // An organization of its own: the fuzz above may have ended the first one's membership.
    const fresh = await organizationWithRecords(app, 'Controlled');
    for (const route of membershipEndingLast(apiRoutes(app))) {
      if (route.method !== 'POST' && route.method !== 'PATCH') continue;
      const key = routeKey(route);
      const sample = (routeSamples[key] as NonNullable<(typeof routeSamples)[string]>)(fresh);
      const paths = stringPaths(sample.body ?? {});
      if (paths.length === 0) continue;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths), controlCharacter, fc.nat(), async (path, control, at) => {
          const body = withInserted(sample.body, path, control, at);
          const before = await app.infrastructure.eventStore.headPosition();
          const response = await app.app.inject({
            method: route.method as 'POST',
            url: sample.path,
            headers: { cookie: fresh.cookie, origin: app.url, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          const label = `${key} ${path.join('.')} ${JSON.stringify(control)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          const written = await eventsSince(app, before);
          expect(written.flatMap(controlledStrings), label).toEqual([]);
          if (importRoutes.has(key)) return;
          expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
          expect(written, label).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it('takes a state by code or name in any case as its code, and refuses any other on its field', async () => {
    const fresh = await organizationWithRecords(app, 'Stated');
    const state = fc.oneof(
      fc.constantFrom(...knownStates).map(([typed, code, city]) => ({ typed, code, city })),
      fc.constantFrom(...unknownStates).map((typed) => ({ typed, code: null, city: 'Chicago' })),
    );
    for (const [key, inputs] of Object.entries(stateInputs)) {
      const sample = (routeSamples[key] as NonNullable<(typeof routeSamples)[string]>)(fresh);
      const method = key.split(' ')[0] as 'GET' | 'POST' | 'PATCH';
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...inputs), state, async (input, { typed, code, city }) => {
          const { body, query } = withState(sample, input, typed, city);
          const search = new URLSearchParams(query);
          const before = await app.infrastructure.eventStore.headPosition();
          const response = await app.app.inject({
            method,
            url: search.size ? `${sample.path}?${search}` : sample.path,
            headers: { cookie: fresh.cookie, origin: app.url },
            ...(body === undefined ? {} : { payload: body as object }),
          });
          const label = `${key} ${JSON.stringify(typed)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          const message = `${input.label} must be a US state or DC`;
          const written = await eventsSince(app, before);
          if (input.in === 'csv') {
            // A preview answers for each row: the row is refused, not the request.
            expect(response.statusCode, label).toBe(200);
            const [row] = response.json().rows;
            if (code === null) expect(row.errors[input.field], label).toEqual([message]);
            else expect(row, label).toMatchObject({ valid: true, errors: {} });
            return;
          }
          if (code === null) {
            expect(response.statusCode, label).toBe(400);
            expect(response.json().errors, label).toEqual({ [input.path.join('.')]: [message] });
            expect(written, label).toEqual([]);
            return;
          }
          expect(response.statusCode, label).toBeLessThan(300);
          if (method === 'GET') {
            if (key === 'GET /api/v1/radius-search') expect(response.json().center.state, label).toBe(code);
            if (key === 'GET /api/v1/cities') {
              for (const place of response.json().data) expect(place.state, label).toBe(code);
            }
            return;
          }
          const field = input.path.at(-1) as string;
          // Stored as its code (an edit to the state already held changes nothing), and answered so.
          for (const stored of written.flatMap((event) => valuesNamed(event.data, field))) {
            expect(stored, label).toBe(code);
          }
          if (method === 'POST') expect(written.length, label).toBeGreaterThan(0);
          expect(valuesNamed(response.json(), field), label).toContain(code);
        }),
        { numRuns: RUNS },
      );
    }
  });
});

/** A route's sample request with `typed` as the state where `input` says. */
function withState(
  sample: { body?: unknown; query?: Record<string, string> },
  input: StateInput,
  typed: string,
  city: string,
): { body: unknown; query: Record<string, string> | undefined } {
  if (input.in === 'csv')
    return { body: { csv: csvOf({ ...input.record, [input.field]: typed }) }, query: undefined };
  const set = (target: Record<string, unknown>, path: string[], value: string) => {
    let into = target;
    for (const step of path.slice(0, -1)) into = into[step] as Record<string, unknown>;
    into[path.at(-1) as string] = value;
  };
  const target = structuredClone(
    ((input.in === 'query' ? sample.query : sample.body) ?? {}) as Record<string, unknown>,
  );
  set(target, input.path, typed);
  if (input.cityPath) set(target, input.cityPath, city);
  return input.in === 'query'
    ? { body: sample.body, query: target as Record<string, string> }
    : { body: target, query: sample.query };
}

/** Every value held under the key `name` anywhere in `value`. */
function valuesNamed(value: unknown, name: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesNamed(item, name));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === name ? [item, ...valuesNamed(item, name)] : valuesNamed(item, name),
  );
}
