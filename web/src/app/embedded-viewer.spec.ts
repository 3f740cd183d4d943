// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { organizationKeys } from '../features/organizations/api/organization-keys';
import { sessionQueryKey } from '../lib/session';
import { adoptEmbeddedViewer, VIEWER_ELEMENT_ID } from './embedded-viewer';

const session = {
  session: {
    id: 'session-1',
    userId: 'user-1',
    expiresAt: '2026-12-01T00:00:00.000Z',
    activeOrganizationId: 'org-1',
  },
  user: { id: 'user-1', email: 'dispatcher@example.test', name: 'Dana Dispatcher', role: 'user' },
};
const organization = {
  success: true,
  data: {
    id: 'org-1',
    name: 'Prairie Freight',
    slug: 'prairie-freight',
    timeZone: 'America/Chicago',
    postingMaxAgeDays: 7,
    createdAt: '2026-01-01T00:00:00.000Z',
    memberCount: 3,
    role: 'owner',
  },
};

/** The page as the server sends it: the viewer in a JSON data block of its head. */
function embed(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = VIEWER_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => document.getElementById(VIEWER_ELEMENT_ID)?.remove());

describe('the viewer the page was sent with', () => {
  it('files the session and the active organization as their calls would, and removes the block', () => {
    const queryClient = new QueryClient();
    embed(JSON.stringify({ session, organization }));
    adoptEmbeddedViewer(queryClient);
    expect(queryClient.getQueryData(sessionQueryKey)).toMatchObject({
      session: { id: 'session-1', activeOrganizationId: 'org-1' },
      user: { email: 'dispatcher@example.test' },
    });
    expect(queryClient.getQueryData(organizationKeys.active('org-1'))).toMatchObject({
      slug: 'prairie-freight',
      role: 'owner',
    });
    expect(document.getElementById(VIEWER_ELEMENT_ID)).toBeNull();
  });

  it('files a visitor without a session as signed out, with no organization', () => {
    const queryClient = new QueryClient();
    embed(JSON.stringify({ session: null }));
    adoptEmbeddedViewer(queryClient);
    expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe('success');
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
  });

  it('files an active organization that is gone as none', () => {
    const queryClient = new QueryClient();
    embed(JSON.stringify({ session, organization: { success: true, data: null } }));
    adoptEmbeddedViewer(queryClient);
    expect(queryClient.getQueryState(organizationKeys.active('org-1'))?.status).toBe('success');
    expect(queryClient.getQueryData(organizationKeys.active('org-1'))).toBeNull();
  });

  it('leaves to the calls what is missing, not JSON or not of the answers’ shape', () => {
    for (const text of [
      'not json',
      JSON.stringify({}),
      JSON.stringify({ session: { session: { id: 1 }, user: {} } }),
      // A session without its organization's answer: the organization is read from the server.
      JSON.stringify({ session }),
      JSON.stringify({ session, organization: { success: true, data: { id: 'org-1' } } }),
    ]) {
      const queryClient = new QueryClient();
      embed(text);
      adoptEmbeddedViewer(queryClient);
      expect(queryClient.getQueryData(organizationKeys.active('org-1')), text).toBeUndefined();
      expect(document.getElementById(VIEWER_ELEMENT_ID)).toBeNull();
    }
  });

  it('does nothing on a page sent without a viewer', () => {
    const queryClient = new QueryClient();
    adoptEmbeddedViewer(queryClient);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
