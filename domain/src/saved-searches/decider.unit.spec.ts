import { describe, expect, it } from 'vitest';
import {
  type DomainError,
  decideSavedSearch,
  evolveSavedSearch,
  initialSavedSearchState,
  type SavedSearchEvent,
  savedSearchCreateSchema,
} from '../index.ts';

const ID = '7f3c2a1e-0b5d-4c6e-8f9a-1b2c3d4e5f60';
const input = savedSearchCreateSchema.parse({
  name: 'Flatbeds near Chicago',
  kind: 'radius',
  params: { state: 'IL', city: 'Chicago', radius: '150', trailerType: 'FLATBED' },
  alert: { inApp: true, email: true },
});
const created: SavedSearchEvent = {
  type: 'SavedSearchCreated',
  data: { savedSearchId: ID, ownerId: 'user-1', ...input },
};
const given = (events: SavedSearchEvent[], orgId = 'org-a') =>
  events.reduce((state, event) => evolveSavedSearch(state, event, orgId), initialSavedSearchState());

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

const change = (data: { name?: string; alert?: { inApp?: boolean; email?: boolean } }, userId = 'user-1') =>
  ({ type: 'ChangeSavedSearch', data: { savedSearchId: ID, orgId: 'org-a', userId, ...data } }) as const;
const mail = (notificationId: string, ownerIsMember = true) =>
  ({ type: 'RecordNotificationMail', data: { savedSearchId: ID, notificationId, ownerIsMember } }) as const;

describe('saved search decider', () => {
  it('creates a search with its owner, kind, parameters and alerts', () => {
    expect(
      decideSavedSearch(
        { type: 'CreateSavedSearch', data: { savedSearchId: ID, orgId: 'org-a', ownerId: 'user-1', input } },
        given([]),
      ),
    ).toEqual([created]);
    expect(input.params).toEqual({
      state: 'IL',
      city: 'Chicago',
      radius: 150,
      trailerType: ['FLATBED'],
      searchType: 'trucks',
      around: 'origin',
    });
  });

  it('refuses to create one id twice', () => {
    const error = refusal(() =>
      decideSavedSearch(
        { type: 'CreateSavedSearch', data: { savedSearchId: ID, orgId: 'org-a', ownerId: 'user-1', input } },
        given([created]),
      ),
    );
    expect(error.kind).toBe('illegal_state');
  });

  it('renames and changes alerts as separate events, and records nothing that does not change', () => {
    expect(
      decideSavedSearch(change({ name: 'Chicago flats', alert: { email: false } }), given([created])),
    ).toEqual([
      { type: 'SavedSearchRenamed', data: { savedSearchId: ID, name: 'Chicago flats' } },
      { type: 'SavedSearchAlertsChanged', data: { savedSearchId: ID, alert: { inApp: true, email: false } } },
    ]);
    expect(
      decideSavedSearch(change({ name: 'Flatbeds near Chicago', alert: { inApp: true } }), given([created])),
    ).toEqual([]);
  });

  it("answers another user's, another organization's and a deleted search as not found", () => {
    expect(
      refusal(() => decideSavedSearch(change({ name: 'Mine now' }, 'user-2'), given([created]))).kind,
    ).toBe('not_found');
    expect(
      refusal(() => decideSavedSearch(change({ name: 'Mine now' }), given([created], 'org-b'))).kind,
    ).toBe('not_found');
    const deleted = given([created, { type: 'SavedSearchDeleted', data: { savedSearchId: ID } }]);
    expect(refusal(() => decideSavedSearch(change({ name: 'Back' }), deleted)).kind).toBe('not_found');
    expect(
      refusal(() =>
        decideSavedSearch(
          { type: 'DeleteSavedSearch', data: { savedSearchId: ID, orgId: 'org-a', userId: 'user-1' } },
          deleted,
        ),
      ).kind,
    ).toBe('not_found');
  });

  it('records the e-mail of a notification once, whatever happens after', () => {
    const first = decideSavedSearch(mail(`${ID}.42`), given([created]));
    expect(first).toEqual([
      { type: 'NotificationMailed', data: { savedSearchId: ID, notificationId: `${ID}.42` } },
    ]);
    expect(decideSavedSearch(mail(`${ID}.42`), given([created, ...first]))).toEqual([]);
    expect(decideSavedSearch(mail(`${ID}.43`), given([created, ...first]))).toHaveLength(1);
  });

  it('skips the e-mail of a deleted search, of alerts turned off, and of an owner who left', () => {
    const skipped = (events: SavedSearchEvent[], ownerIsMember = true) =>
      decideSavedSearch(mail(`${ID}.7`, ownerIsMember), given([created, ...events]))[0];
    expect(skipped([{ type: 'SavedSearchDeleted', data: { savedSearchId: ID } }])).toMatchObject({
      type: 'NotificationMailSkipped',
      data: { reason: 'search_deleted' },
    });
    expect(
      skipped([
        {
          type: 'SavedSearchAlertsChanged',
          data: { savedSearchId: ID, alert: { inApp: true, email: false } },
        },
      ]),
    ).toMatchObject({ type: 'NotificationMailSkipped', data: { reason: 'email_off' } });
    expect(skipped([], false)).toMatchObject({
      type: 'NotificationMailSkipped',
      data: { reason: 'not_a_member' },
    });
  });
});
