import type { Truck } from '@dispatch/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPositions, minPosition } from '../../lib/event-position';
import { createHighlights } from '../../lib/highlights';
import type { TrucksPage } from '../trucks';
import { invalidateTrucks, truckKeys } from '../trucks';
import { applyLiveChange, type LiveChangeHandlers, refreshAllKinds } from './live-changes';

const ORG = 'org-1';
const search = { page: 0, limit: 10, orderBy: 'updatedAt', sort: 'desc' } as const;
const truck = (id: number) => ({ id, version: 0, truckName: `Truck ${id}` }) as Truck;
const page = (ids: number[]): TrucksPage => ({
  success: true,
  count: ids.length,
  totalCount: ids.length,
  totalCountExact: true,
  totalPages: 1,
  totalTrucksCreatedToday: 0,
  totalTrucksCreatedYesterday: 0,
  totalAvailableToday: 0,
  totalAvailableYesterday: 0,
  limit: 10,
  page: 0,
  data: ids.map(truck),
});

const none = () => undefined;
const handlers: LiveChangeHandlers = {
  trucks: invalidateTrucks,
  loads: none,
  envelopes: none,
  members: none,
  invitations: none,
  organization: none,
  notifications: none,
  'saved-searches': none,
  ping: none,
};

describe('applyLiveChange', () => {
  let queryClient: QueryClient;

  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
    queryClient.setQueryData(truckKeys.list(ORG, search), page([1, 2]));
    queryClient.setQueryData(truckKeys.detail(ORG, 1), truck(1));
    queryClient.setQueryData(truckKeys.detail(ORG, 2), truck(2));
  });
  afterEach(() => {
    forgetPositions();
    queryClient.clear();
    vi.useRealTimers();
  });

  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

  it('remembers the position, invalidates the lists and the changed details, and highlights the rows', () => {
    const store = createHighlights();
    const applied = applyLiveChange(
      queryClient,
      { kind: 'trucks', ids: [1], position: '120', orgId: ORG },
      { organizationId: ORG, handlers, highlights: store },
    );

    expect(applied).toEqual({ kind: 'trucks', ids: [1], position: '120', orgId: ORG });
    expect(minPosition()).toBe('120');
    expect(invalidated(truckKeys.list(ORG, search))).toBe(true);
    expect(invalidated(truckKeys.detail(ORG, 1))).toBe(true);
    expect(invalidated(truckKeys.detail(ORG, 2))).toBe(false);
    expect(store.get('trucks', 1)).toBe('a');
    expect(store.get('trucks', 2)).toBeUndefined();
  });

  it('ignores a notice for another organization', () => {
    const store = createHighlights();
    const applied = applyLiveChange(
      queryClient,
      { kind: 'trucks', ids: [1], position: '7', orgId: 'org-2' },
      { organizationId: ORG, handlers, highlights: store },
    );
    expect(applied).toBeNull();
    expect(minPosition()).toBeNull();
    expect(invalidated(truckKeys.list(ORG, search))).toBe(false);
    expect(store.get('trucks', 1)).toBeUndefined();
  });

  it('ignores malformed notices and kinds the server does not push', () => {
    const store = createHighlights();
    const options = { organizationId: ORG, handlers, highlights: store };
    expect(applyLiveChange(queryClient, null, options)).toBeNull();
    expect(
      applyLiveChange(queryClient, { kind: 'trucks', ids: 'x', position: '1', orgId: ORG }, options),
    ).toBeNull();
    expect(
      applyLiveChange(queryClient, { kind: 'trucks', ids: [1], position: 'abc', orgId: ORG }, options),
    ).toBeNull();
    expect(
      applyLiveChange(queryClient, { kind: 'boats', ids: [1], position: '9', orgId: ORG }, options),
    ).toBeNull();
    expect(
      applyLiveChange(
        queryClient,
        { kind: 'read-model-rebuild', ids: ['9'], position: '9', orgId: ORG },
        options,
      ),
    ).toBeNull();
    expect(minPosition()).toBeNull();
    expect(invalidated(truckKeys.list(ORG, search))).toBe(false);
  });

  it('refreshes every kind after a reconnect', () => {
    refreshAllKinds(queryClient, handlers);
    expect(invalidated(truckKeys.list(ORG, search))).toBe(true);
    expect(invalidated(truckKeys.detail(ORG, 1))).toBe(true);
    expect(invalidated(truckKeys.detail(ORG, 2))).toBe(true);
  });
});
