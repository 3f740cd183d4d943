import { describe, expect, it } from 'vitest';
import { type SavedSearchEvent, savedSearchCreateSchema, savedSearchDecider } from '../index.ts';
import { DeciderSpecification } from '../shared/decider-specification.ts';

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
const spec = DeciderSpecification.for(savedSearchDecider, { metadata: { orgId: 'org-a' } });

const change = (data: { name?: string; alert?: { inApp?: boolean; email?: boolean } }, userId = 'user-1') =>
  ({ type: 'ChangeSavedSearch', data: { savedSearchId: ID, orgId: 'org-a', userId, ...data } }) as const;
const mail = (notificationId: string, ownerIsMember = true) =>
  ({ type: 'RecordNotificationMail', data: { savedSearchId: ID, notificationId, ownerIsMember } }) as const;

const deleted: SavedSearchEvent = { type: 'SavedSearchDeleted', data: { savedSearchId: ID } };

describe('saved search decider', () => {
  it('creates a search with its owner, kind, parameters and alerts', () => {
    spec
      .given([])
      .when({
        type: 'CreateSavedSearch',
        data: { savedSearchId: ID, orgId: 'org-a', ownerId: 'user-1', input },
      })
      .then([created]);
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
    spec
      .given([created])
      .when({
        type: 'CreateSavedSearch',
        data: { savedSearchId: ID, orgId: 'org-a', ownerId: 'user-1', input },
      })
      .thenThrows({ kind: 'illegal_state' });
  });

  it('renames and changes alerts as separate events, and records nothing that does not change', () => {
    spec
      .given([created])
      .when(change({ name: 'Chicago flats', alert: { email: false } }))
      .then([
        { type: 'SavedSearchRenamed', data: { savedSearchId: ID, name: 'Chicago flats' } },
        {
          type: 'SavedSearchAlertsChanged',
          data: { savedSearchId: ID, alert: { inApp: true, email: false } },
        },
      ]);
    spec
      .given([created])
      .when(change({ name: 'Flatbeds near Chicago', alert: { inApp: true } }))
      .then([]);
  });

  it("answers another user's, another organization's and a deleted search as not found", () => {
    spec
      .given([created])
      .when(change({ name: 'Mine now' }, 'user-2'))
      .thenThrows({ kind: 'not_found' });
    spec
      .given([{ ...created, metadata: { orgId: 'org-b' } }])
      .when(change({ name: 'Mine now' }))
      .thenThrows({ kind: 'not_found' });
    spec
      .given([created, deleted])
      .when(change({ name: 'Back' }))
      .thenThrows({ kind: 'not_found' });
    spec
      .given([created, deleted])
      .when({ type: 'DeleteSavedSearch', data: { savedSearchId: ID, orgId: 'org-a', userId: 'user-1' } })
      .thenThrows({ kind: 'not_found' });
  });

  it('records the e-mail of a notification once, whatever happens after', () => {
    const mailed: SavedSearchEvent = {
      type: 'NotificationMailed',
      data: { savedSearchId: ID, notificationId: `${ID}.42` },
    };
    spec
      .given([created])
      .when(mail(`${ID}.42`))
      .then([mailed]);
    spec
      .given([created, mailed])
      .when(mail(`${ID}.42`))
      .then([]);
    spec
      .given([created, mailed])
      .when(mail(`${ID}.43`))
      .then((events) => expect(events).toHaveLength(1));
  });

  it('skips the e-mail of a deleted search, of alerts turned off, and of an owner who left', () => {
    const skipped = (events: SavedSearchEvent[], reason: string, ownerIsMember = true) =>
      spec
        .given([created, ...events])
        .when(mail(`${ID}.7`, ownerIsMember))
        .then(([first]) =>
          expect(first).toMatchObject({ type: 'NotificationMailSkipped', data: { reason } }),
        );
    skipped([deleted], 'search_deleted');
    skipped(
      [
        {
          type: 'SavedSearchAlertsChanged',
          data: { savedSearchId: ID, alert: { inApp: true, email: false } },
        },
      ],
      'email_off',
    );
    skipped([], 'not_a_member', false);
  });
});
