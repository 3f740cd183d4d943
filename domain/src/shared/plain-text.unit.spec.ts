import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index.ts';
import { checkCsvRow, controlCharactersMessage, hasControlCharacters } from '../index.ts';

/**
 * Text is text: every text field of every input schema the domain exports refuses control
 * characters. The schemas are taken from the domain's exports, so a new one cannot be left out: it
 * needs a valid sample here (or a line in `withoutText` saying why it has no text field). Every
 * string of each sample gets NUL, BEL, an ANSI escape and U+0085 in its middle, and the schema
 * must refuse it on that field.
 */

const uuid = '0b6f7a2e-4c1d-4e8a-9f3b-2a5c6d7e8f90';

const truck = {
  trailerType: 'HIGH_SIDED_HOPPER',
  companyName: 'Acme Freight',
  unitNumber: 'U-12',
  truckName: 'Unit 12',
  truckState: 'TX',
  truckCity: 'Dallas',
  preferedState: 'IL',
  preferedCity: 'Chicago',
  direction: 'NORTH',
  status: true,
  availabilityDate: '2026-11-21',
  dispatcherName: 'Dana',
  dispatcherCountryCode: '+1',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'dana@example.com',
  notes: 'Ready at dawn',
};

const load = {
  trailerType: 'FLATBED',
  originState: 'IA',
  originCity: 'Des Moines',
  destinationState: 'IL',
  destinationCity: 'Chicago',
  product: 'LIGHT',
  rateForTitan: '1200',
  rateForTitanUnit: 'FLAT_RATE',
  rateForCarrier: '1000',
  rateForCarrierUnit: 'FLAT_RATE',
  customerName: 'Prairie Grain',
  customerCountryCode: '+1',
  customerMobileNumber: '3125550101',
  customerEmail: 'grain@example.com',
  dispatcherName: 'Dana',
  dispatcherCountryCode: '+1',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'dana@example.com',
  availabilityDate: '2026-11-21',
  notes: 'Tarps needed',
};

const postingList = {
  limit: '10',
  page: '0',
  orderBy: 'updatedAt',
  sort: 'desc',
  startDate: '2026-01-01',
  endDate: '2026-02-01',
  dateOperation: 'gte',
  dateField: 'createdAt',
  status: 'true',
  trailerType: 'FLATBED',
  createdBy: 'user-1',
  search: 'acme',
  asOf: '2026-01-15T10:00:00Z',
};
const boardSearch = {
  trailerType: 'FLATBED',
  direction: 'NORTH',
  unitNumber: 'U-12',
  createdBy: 'u',
  search: 'acme',
};
const radiusSearch = {
  state: 'IL',
  city: 'Chicago',
  radius: '150',
  trailerType: 'FLATBED',
  createdBy: 'user-1',
};
const envelopeList = {
  limit: '10',
  page: '1',
  orderBy: 'updatedAt',
  sort: 'desc',
  type: 'client',
  search: 'casey',
  createdBy: 'user-1',
  asOf: '12',
};
const activityFilter = {
  actor: 'user-1',
  kind: 'truck',
  subject: '12',
  text: 'moved',
  startDate: '2026-01-01',
};
const memberList = { limit: '10', page: '1', sort: 'asc', search: 'dana' };
const laneSearch = {
  searchType: 'loads',
  originState: 'IA',
  originCity: 'Des Moines',
  originRadius: '100',
  destinationState: 'IL',
  destinationCity: 'Chicago',
  destinationRadius: '12.5',
  status: 'true',
  trailerType: 'FLATBED',
  direction: 'NORTH',
  dateField: 'createdAt',
  startDate: '2026-01-01',
  endDate: '2026-02-01',
  dateOperation: 'gte',
  createdBy: 'user-1',
};
const webhook = {
  url: 'https://example.com/webhooks',
  description: 'Dispatch board events',
  eventTypes: ['truck.posted', 'load.posted'],
};

/** Valid input of every input schema the domain exports, by export name: one sample or several. */
const samples: Record<string, unknown[]> = {
  truckCreateSchema: [truck],
  truckEditSchema: [truck],
  truckPatchSchema: [{ ...truck, version: 3 }],
  loadCreateSchema: [load],
  loadEditSchema: [load],
  loadPatchSchema: [{ ...load, version: 3 }],
  envelopeSendSchema: [
    { type: 'client', deliveryMethod: 'email', receiverName: 'Casey Client', receiverEmail: 'c@example.com' },
    { type: 'driver', deliveryMethod: 'SMS', receiverName: 'Drew Driver', receiverPhoneNumber: '3125550199' },
  ],
  envelopeVoidSchema: [{ voidReason: 'Sent twice' }],
  envelopeSignSchema: [{ signerName: 'Casey Client', signature: 'data:image/png;base64,iVBORw0KGgoAAAA' }],
  envelopeRejectSchema: [{ reason: 'Wrong rate' }],
  envelopeListQuerySchema: [envelopeList],
  envelopeExportQuerySchema: [{ type: 'driver', search: 'casey', createdBy: 'user-1' }],
  envelopeCountsQuerySchema: [{ type: 'client', asOf: '12' }],
  envelopeIdParams: [{ envelopeId: uuid }],
  signingTokenParams: [{ token: `${uuid}.${'a'.repeat(43)}` }],
  postingListQuerySchema: [postingList],
  truckListQuerySchema: [{ ...postingList, direction: 'NORTH', unitNumber: 'U-12' }],
  loadListQuerySchema: [{ ...postingList, product: 'HEAVY', unitNumber: 'U-12' }],
  truckExportQuerySchema: [boardSearch],
  loadExportQuerySchema: [{ ...boardSearch, product: 'HEAVY' }],
  truckSearchParamsSchema: [boardSearch],
  loadSearchParamsSchema: [{ ...boardSearch, product: 'HEAVY' }],
  radiusSearchQuerySchema: [{ ...radiusSearch, limit: '10', page: '0', asOf: '12' }],
  radiusExportQuerySchema: [radiusSearch],
  radiusSearchParamsSchema: [radiusSearch],
  radiusParam: ['150'],
  citiesQuerySchema: [{ state: 'IL', search: 'chi', limit: '20' }],
  overviewQuerySchema: [{ year: '2026', type: 'loads', createdBy: 'user-1', asOf: '12' }],
  overviewTotalsQuerySchema: [{ asOf: '2026-01-15' }],
  activityQuerySchema: [{ ...activityFilter, before: '12', limit: '10' }],
  activityExportQuerySchema: [activityFilter],
  savedSearchCreateSchema: [
    { name: 'Watch', kind: 'radius', params: radiusSearch, alert: { inApp: true, email: false } },
    { name: 'Flatbeds', kind: 'trucks', params: boardSearch },
  ],
  savedSearchPatchSchema: [{ name: 'Renamed', alert: { email: true }, version: 2 }],
  savedSearchNameSchema: ['Watch'],
  savedSearchParamsIdSchema: [{ id: uuid }],
  savedSearchesQuerySchema: [{}],
  savedSearchAlertSchema: [{ inApp: true, email: false }],
  versionQuerySchema: [{ version: '3' }],
  notificationsQuerySchema: [{ before: '12', limit: '10' }],
  notificationsReadSchema: [{ ids: ['notification-1', 'notification-2'] }],
  createOrganizationSchema: [{ name: 'Acme Freight', slug: 'acme-freight' }],
  updateOrganizationSchema: [{ name: 'Acme Freight', slug: 'acme', timeZone: 'America/Chicago' }],
  organizationNameFormSchema: [{ name: 'Acme Freight' }],
  organizationTimeZoneFormSchema: [{ timeZone: 'America/Chicago' }],
  setActiveOrganizationSchema: [{ organizationId: 'organization-1' }],
  slugSchema: ['acme-freight'],
  timeZoneSchema: ['America/Denver'],
  inviteMemberSchema: [{ email: 'new@example.com', role: 'member', teamId: 'team-1' }],
  addMemberSchema: [{ email: 'new@example.com', role: 'admin' }],
  updateMemberRoleSchema: [{ memberId: 'member-1', role: 'admin' }],
  memberIdSchema: [{ memberId: 'member-1' }],
  invitationIdSchema: [{ invitationId: 'invitation-1' }],
  createTeamSchema: [{ name: 'Night shift' }],
  updateTeamSchema: [{ teamId: 'team-1', name: 'Day shift' }],
  teamIdSchema: [{ teamId: 'team-1' }],
  teamMemberSchema: [{ teamId: 'team-1', userId: 'user-1' }],
  memberListQuerySchema: [{ ...memberList, role: 'admin' }],
  invitationListQuerySchema: [{ ...memberList, status: 'pending' }],
  adminOrganizationListQuerySchema: [memberList],
  adminOrganizationParamsSchema: [{ organizationId: 'organization-1' }],
  adminOrganizationIdParams: [{ organizationId: uuid }],
  signInFormSchema: [{ email: 'dana@example.com', password: 'secret-words', rememberMe: true }],
  signUpFormSchema: [{ name: 'Dana Dispatcher', email: 'dana@example.com', password: 'secret-words' }],
  forgotPasswordFormSchema: [{ email: 'dana@example.com' }],
  resetPasswordFormSchema: [{ password: 'secret-words', confirmPassword: 'secret-words' }],
  changePasswordFormSchema: [
    { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' },
  ],
  deleteAccountFormSchema: [{ password: 'secret-words', confirmation: 'delete my account' }],
  changeEmailFormSchema: [{ newEmail: 'dana@example.com' }],
  phoneNumberFormSchema: [{ phoneNumber: '(312) 555-0199' }],
  phoneCodeFormSchema: [{ code: '123456' }],
  profilePhoneNumber: ['3125550199'],
  profileNamesFormSchema: [{ name: 'Dana Dispatcher', firstName: 'Dana', lastName: 'Dispatcher' }],
  profileFormSchema: [
    { name: 'Dana D', firstName: 'Dana', lastName: 'Dispatcher', phoneNumber: '3125550199' },
  ],
  profileUpdateSchema: [{ name: 'Dana D', firstName: 'Dana', lastName: 'Dispatcher' }],
  pingInputSchema: [{ pingId: uuid }],
  rebuildReadModelsInputSchema: [{ groups: ['boards', 'history'] }],
  testMessageInputSchema: [{}],
  apiKeyCreateSchema: [
    { name: 'Nightly sync', scopes: ['postings:read', 'webhooks'], expiresAt: '2099-01-01T00:00:00Z' },
    { name: 'Reporting', scopes: ['activity'] },
  ],
  apiKeyParamsSchema: [{ id: '0a1b2c3d4e5f' }],
  feedQuerySchema: [{ after: '12', types: 'truck.posted,load.posted', limit: '100', wait: '5' }],
  laneSearchQuerySchema: [{ ...laneSearch, limit: '10', page: '0', asOf: '12' }],
  laneSearchParamsSchema: [laneSearch],
  laneHistoryQuerySchema: [
    {
      originState: 'IA',
      originCity: 'Des Moines',
      destinationState: 'IL',
      destinationCity: 'Chicago',
      radius: '100',
      trailerType: 'FLATBED',
      bucket: 'month',
      unit: 'FLAT_RATE',
    },
  ],
  matchesQuerySchema: [{ deadhead: '150', limit: '20' }],
  postingMaxAgeDaysSchema: ['14'],
  organizationPostingAgeFormSchema: [{ postingMaxAgeDays: '14' }],
  expiredPostingsQuerySchema: [{ limit: '10', page: '0' }],
  postingSearchQuerySchema: [{ q: 'Pittsburgh', limit: '5' }],
  refreshPostingSchema: [{}],
  webhookCreateSchema: [webhook],
  webhookPatchSchema: [{ ...webhook, enabled: false }],
  webhookReplaySchema: [{ after: '12' }],
  webhookRedeliverSchema: [{ eventId: uuid }],
  webhookEmptySchema: [{}],
  webhookParamsSchema: [{ id: uuid }],
  webhookDeliveriesQuerySchema: [{ page: '1', pageSize: '20' }],
};

/** Input schemas with no text field of their own, and why. */
const withoutText: Record<string, string> = {
  csvImportBodySchema: 'the file: each row is checked with the create schema, cell by cell (below)',
  organizationLimitsSchema: 'numbers only',
};

/** Schemas the domain exports that describe answers or pushes from the server, not input. */
const answerSchemas = new Set([
  'activityEntrySchema',
  'fieldChangeSchema',
  'liveChangeSchema',
  'liveReadySchema',
  'noticeRowSchema',
  'noticeBoardSchema',
  'feedItemSchema',
  'laneHistoryPointSchema',
  'laneHistorySeriesSchema',
  'deliveryAttemptSchema',
]);

/** A password is a secret compared as typed and never shown: any character goes. */
const secretFields = new Set(['password', 'currentPassword', 'newPassword', 'confirmPassword']);
/** The fields of several lines: tab and line feed are theirs to keep. */
const severalLines = new Set(['notes', 'voidReason', 'reason']);

const CONTROLS = { NUL: '\u0000', BEL: '\u0007', 'ESC[31m': '\u001b[31m', 'U+0085': '\u0085' };

const inputSchemas = Object.entries(domain as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] =>
    entry[1] instanceof z.ZodType && !/Answer/.test(entry[0]) && !answerSchemas.has(entry[0]),
);

type Path = (string | number)[];

/** The path of every string of `value`. */
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** `value` with `insert` put in the middle of the string at `path`. */
function withInserted(value: unknown, path: Path, insert: string): unknown {
  if (path.length === 0) {
    const text = value as string;
    const middle = Math.ceil(text.length / 2);
    return `${text.slice(0, middle)}${insert}${text.slice(middle)}`;
  }
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withInserted(copy[head], rest, insert);
  return copy;
}

/** The messages of the issues at `path` (or below it: one value of a list). */
function messagesAt(schema: z.ZodType, value: unknown, path: Path): string[] | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return result.error.issues
    .filter((issue) => path.every((part, index) => String(issue.path[index]) === String(part)))
    .map((issue) => issue.message);
}

const cases = Object.entries(samples).flatMap(([name, values]) =>
  values.flatMap((sample, index) =>
    stringPaths(sample)
      .filter((path) => !secretFields.has(String(path.at(-1))))
      .map((path) => ({
        name,
        sample,
        path,
        label: `${name} #${index + 1} ${path.join('.') || '(the value)'}`,
      })),
  ),
);

describe('text is text: no control characters in any text field', () => {
  it('knows every input schema the domain exports', () => {
    const unknown = inputSchemas
      .map(([name]) => name)
      .filter((name) => !(name in samples) && !(name in withoutText));
    expect(unknown, 'give these a valid sample above').toEqual([]);
  });

  it.each(Object.entries(samples).flatMap(([name, values]) => values.map((sample) => ({ name, sample }))))(
    'a sample of $name is valid',
    ({ name, sample }) => {
      const schema = (domain as Record<string, unknown>)[name];
      if (!(schema instanceof z.ZodType)) return; // not (or no longer) exported
      expect(schema.safeParse(sample).error?.issues).toBeUndefined();
    },
  );

  it.each(cases)('$label refuses NUL, BEL, ESC[31m and U+0085', ({ name, sample, path }) => {
    const schema = (domain as Record<string, unknown>)[name];
    if (!(schema instanceof z.ZodType)) return;
    // Free text (it takes a space and a letter there, unlike an e-mail or a slug) must say why, in the
    // field's words; a format refuses in its own.
    const freeText = schema.safeParse(withInserted(sample, path, ' x')).success;
    for (const [control, character] of Object.entries(CONTROLS)) {
      const messages = messagesAt(schema, withInserted(sample, path, character), path);
      expect(messages, `${control} taken`).not.toBeNull();
      expect(messages, `${control} refused, but not on its field`).not.toEqual([]);
      if (freeText) expect(messages?.join(' | '), control).toMatch(/ must not contain control characters$/);
    }
  });

  it.each(cases.filter(({ path }) => severalLines.has(String(path.at(-1)))))(
    '$label keeps tabs and line breaks, CRLF as LF',
    ({ name, sample, path }) => {
      const schema = (domain as Record<string, unknown>)[name] as z.ZodType;
      const parsed = schema.parse(withInserted(sample, path, 'a\tb\r\nc\nd')) as Record<string, unknown>;
      expect(parsed[String(path.at(-1))]).toContain('a\tb\nc\nd');
    },
  );

  it.each(
    cases.filter(({ name, sample, path }) => {
      const schema = (domain as Record<string, unknown>)[name];
      return (
        !severalLines.has(String(path.at(-1))) &&
        schema instanceof z.ZodType &&
        schema.safeParse(withInserted(sample, path, ' x')).success
      );
    }),
  )('$label, one line, refuses a tab or a line break inside', ({ name, sample, path }) => {
    const schema = (domain as Record<string, unknown>)[name] as z.ZodType;
    for (const character of ['\t', '\n', '\r']) {
      expect(messagesAt(schema, withInserted(sample, path, `a${character}b`), path)?.join(' | ')).toMatch(
        / must not contain control characters$/,
      );
    }
  });
});

describe('the rule', () => {
  it('is C0 and C1 but tab and line feed in text of several lines', () => {
    for (let code = 0; code <= 0xa0; code++) {
      const character = String.fromCharCode(code);
      const control = code <= 0x1f || (code >= 0x7f && code <= 0x9f);
      expect(hasControlCharacters(`a${character}b`), code.toString(16)).toBe(control);
      expect(hasControlCharacters(`a${character}b`, 'lines'), code.toString(16)).toBe(
        control && character !== '\t' && character !== '\n',
      );
    }
    expect(hasControlCharacters('ünïcödé 🚚 — “quoted”')).toBe(false);
    expect(controlCharactersMessage('Receiver name')).toBe(
      'Receiver name must not contain control characters',
    );
  });
});

describe('a CSV import row', () => {
  it('with NUL, BEL or an escape in a cell is refused on that field, with the field in its words', () => {
    const cells = Object.fromEntries(Object.entries(truck).map(([field, value]) => [field, String(value)]));
    expect(checkCsvRow('trucks', cells).valid).toBe(true);
    for (const character of Object.values(CONTROLS)) {
      const row = checkCsvRow('trucks', {
        ...cells,
        truckCity: `Dal${character}las`,
        notes: `a${character}`,
      });
      expect(row.valid).toBe(false);
      expect(row.errors).toEqual({
        truckCity: ['Truck city must not contain control characters'],
        notes: ['Notes must not contain control characters'],
      });
    }
  });
});
