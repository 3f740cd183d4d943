import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../shared/fields.ts';
import { TIME_ZONE_MESSAGE, US_TIME_ZONES, updateOrganizationSchema } from './organization.ts';
import {
  addMemberSchema,
  adminOrganizationListQuerySchema,
  createTeamSchema,
  invitationIdSchema,
  invitationListQuerySchema,
  inviteMemberSchema,
  memberListQuerySchema,
  teamMemberSchema,
  updateMemberRoleSchema,
} from './schemas.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('member and invitation lists', () => {
  const lists = [memberListQuerySchema, invitationListQuerySchema, adminOrganizationListQuerySchema];

  it('count pages from 1, up to 1000000', () => {
    for (const schema of lists) {
      expect(schema.parse({})).toMatchObject({ limit: 10, page: 1, sort: 'desc' });
      expect(schema.parse({ page: '1000000', limit: '100' })).toMatchObject({ page: 1_000_000, limit: 100 });
    }
  });

  it.each([
    ['page', 'Page must be at least 1', '0'],
    ['page', 'Page cannot be more than 1000000', '1000001'],
    ['page', 'Page must be a whole number', '1e15'],
    ['page', 'Page must be a whole number', '0x10'],
    ['limit', 'Limit must be at least 1', '0'],
    ['limit', 'Limit cannot be more than 100', '101'],
    ['limit', 'Limit must be a whole number', '1e2'],
    ['search', 'Cannot be more than 100 characters', 'x'.repeat(101)],
  ])('refuse %s: %s', (field, message, value) => {
    for (const schema of lists) expect(errorsOf(schema, { [field]: value })[field]).toEqual([message]);
  });
});

describe('member, invitation and team commands', () => {
  it('cap e-mail addresses at 50 characters', () => {
    const email = `${'x'.repeat(40)}@example.com`;
    expect(errorsOf(inviteMemberSchema, { email }).email).toEqual([
      'Email cannot be more than 50 characters',
    ]);
    expect(errorsOf(addMemberSchema, { email }).email).toEqual(['Email cannot be more than 50 characters']);
  });

  it('cap ids at 100 characters and team names at 60', () => {
    const long = 'x'.repeat(101);
    expect(errorsOf(invitationIdSchema, { invitationId: long }).invitationId).toEqual([
      'invitationId is not valid',
    ]);
    expect(errorsOf(updateMemberRoleSchema, { memberId: long, role: 'member' }).memberId).toEqual([
      'memberId is not valid',
    ]);
    expect(errorsOf(teamMemberSchema, { teamId: long, userId: long })).toEqual({
      teamId: ['teamId is not valid'],
      userId: ['userId is not valid'],
    });
    expect(errorsOf(inviteMemberSchema, { email: 'a@example.com', teamId: long }).teamId).toEqual([
      'teamId is not valid',
    ]);
    expect(errorsOf(createTeamSchema, { name: 'x'.repeat(61) }).name).toEqual([
      'Team name cannot be more than 60 characters',
    ]);
  });

  it('refuse a body that is no object', () => {
    for (const body of [null, undefined, 'name=Ops', 42, []]) {
      expect(createTeamSchema.safeParse(body).success, String(body)).toBe(false);
      expect(inviteMemberSchema.safeParse(body).success, String(body)).toBe(false);
    }
  });
});

describe('organization settings', () => {
  it('take a name, a slug, a time zone or several; the zone under its canonical name', () => {
    expect(updateOrganizationSchema.parse({ name: ' Acme ' })).toEqual({ name: 'Acme' });
    expect(updateOrganizationSchema.parse({ timeZone: 'America/New_York' })).toEqual({
      timeZone: 'America/New_York',
    });
    expect(updateOrganizationSchema.parse({ timeZone: 'US/Central' }).timeZone).toBe('America/Chicago');
    expect(updateOrganizationSchema.parse({ timeZone: 'america/denver' }).timeZone).toBe('America/Denver');
    expect(updateOrganizationSchema.parse({ timeZone: 'UTC', name: 'Acme' })).toEqual({
      timeZone: 'UTC',
      name: 'Acme',
    });
  });

  it('offer the US zones, each one Intl knows', () => {
    for (const { timeZone } of US_TIME_ZONES) {
      expect(updateOrganizationSchema.parse({ timeZone }).timeZone).toBe(timeZone);
    }
  });

  it.each([['Mars/Olympus'], [''], ['   '], ['x'.repeat(65)], [42], [null]])(
    'refuse the time zone %j',
    (timeZone) => {
      expect(errorsOf(updateOrganizationSchema, { timeZone }).timeZone).toEqual([TIME_ZONE_MESSAGE]);
    },
  );

  it('refuse an empty update and unknown fields', () => {
    expect(errorsOf(updateOrganizationSchema, {}).name).toEqual([
      'Give a new name, slug, time zone or posting max age',
    ]);
    expect(errorsOf(updateOrganizationSchema, { name: 'Acme', color: 'red' })._).toBeDefined();
  });
});
