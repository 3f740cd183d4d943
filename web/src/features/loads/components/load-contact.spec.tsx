// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAnswer } from '../../../testing/postings';
import { renderScreen, serveFetch } from '../../../testing/render-screen';
import { EditLoad } from './edit-load';
import { PostLoad } from './post-load';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** docs/decisions.md#trucks-and-loads: a new post starts with the user's contact; an edit with the load's own. */

const session = {
  session: {
    id: 's-1',
    userId: 'user-1',
    expiresAt: '2026-12-01T00:00:00.000Z',
    activeOrganizationId: 'org-1',
  },
  user: { id: 'user-1', name: 'Lou Diaz', email: 'lou@acme.test', phoneNumber: '+17015550188' },
};

const serve = () =>
  serveFetch((request) => {
    if (request.path === '/api/auth/get-session') return { body: session };
    if (request.path === '/api/v1/loads/4') {
      return {
        body: loadAnswer({
          id: 4,
          customerName: 'Prairie Grain',
          customerMobileNumber: '3125550100',
          dispatcherMobileNumber: '8063781234',
        }),
      };
    }
    return { body: { success: true, data: [] } };
  });

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the load forms', () => {
  it("a new load starts with the signed-in user's name, e-mail and phone", async () => {
    serve();
    renderScreen(() => <PostLoad organizationId="org-1" cancel={null} onPosted={() => {}} />);
    await screen.findByLabelText('Dispatcher name');
    expect(value('Dispatcher name')).toBe('Lou Diaz');
    expect(value('Dispatcher email')).toBe('lou@acme.test');
    expect(value('Dispatcher phone')).toBe('(701) 555-0188');
    expect(value('Customer phone')).toBe('');
  });

  it("an edit shows the load's own phones in the national format", async () => {
    serve();
    renderScreen(() => (
      <Suspense fallback={null}>
        <EditLoad organizationId="org-1" loadId={4} cancel={null} onDone={() => {}} />
      </Suspense>
    ));
    await screen.findByLabelText('Dispatcher phone');
    expect(value('Dispatcher phone')).toBe('(806) 378-1234');
    expect(value('Customer phone')).toBe('(312) 555-0100');
    expect(value('Dispatcher name')).toBe('Dana Reyes');
  });
});
