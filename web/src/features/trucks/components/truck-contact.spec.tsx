// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { truckAnswer } from '../../../testing/postings';
import { renderScreen, type SeenRequest, serveFetch } from '../../../testing/render-screen';
import { EditTruck } from './edit-truck';
import { PostTruck } from './post-truck';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** docs/decisions.md#trucks-and-loads: a new post starts with the user's contact; an edit with the truck's own. */

const session = {
  session: {
    id: 's-1',
    userId: 'user-1',
    expiresAt: '2026-12-01T00:00:00.000Z',
    activeOrganizationId: 'org-1',
  },
  user: { id: 'user-1', name: 'Dana Reyes', email: 'dana@acme.test', phoneNumber: '+13125550142' },
};

/** The API as the forms meet it: the session, the posted truck echoed back, one stored truck. */
const serve = () =>
  serveFetch((request) => {
    if (request.path === '/api/auth/get-session') return { body: session };
    if (request.method === 'POST') {
      return { status: 201, body: truckAnswer({ id: 7, ...(request.body as { truckName: string }) }) };
    }
    if (request.path === '/api/v1/trucks/3') {
      return { body: truckAnswer({ id: 3, truckName: 'Big Blue', dispatcherMobileNumber: '8063781234' }) };
    }
    return { body: { success: true, data: [] } };
  });

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const posted = (seen: SeenRequest[]) =>
  seen.filter((request) => request.method === 'POST').map((request) => request.body);

describe('the post truck form', { timeout: 20_000 }, () => {
  it("starts with the signed-in user's name, e-mail and phone", async () => {
    serve();
    renderScreen(() => <PostTruck organizationId="org-1" cancel={null} onPosted={() => {}} />);
    await screen.findByLabelText('Dispatcher name');
    expect(value('Dispatcher name')).toBe('Dana Reyes');
    expect(value('Dispatcher email')).toBe('dana@acme.test');
    expect(value('Dispatcher phone')).toBe('(312) 555-0142');
  });

  it('starts with the contact last posted with in this organization, and the profile in another', async () => {
    const seen = serve();
    const user = userEvent.setup();
    const first = renderScreen(() => <PostTruck organizationId="org-1" cancel={null} onPosted={() => {}} />);
    await user.selectOptions(await screen.findByLabelText('Trailer type'), 'FLATBED');
    await user.type(screen.getByLabelText('Truck name'), 'Big Blue');
    await user.selectOptions(screen.getByLabelText('State'), 'IL');
    await user.type(screen.getByLabelText('City'), 'Chicago');
    await user.clear(screen.getByLabelText('Dispatcher name'));
    await user.type(screen.getByLabelText('Dispatcher name'), 'Night Desk');
    await user.clear(screen.getByLabelText('Dispatcher phone'));
    await user.type(screen.getByLabelText('Dispatcher phone'), '7015550188');
    await user.click(screen.getByRole('button', { name: 'Post truck' }));
    await expect.poll(() => posted(seen).length).toBe(1);
    expect(posted(seen)[0]).toMatchObject({
      dispatcherName: 'Night Desk',
      dispatcherEmail: 'dana@acme.test',
      dispatcherMobileNumber: '7015550188',
    });
    first.unmount();

    const again = renderScreen(() => <PostTruck organizationId="org-1" cancel={null} onPosted={() => {}} />);
    await screen.findByLabelText('Dispatcher name');
    expect(value('Dispatcher name')).toBe('Night Desk');
    expect(value('Dispatcher phone')).toBe('(701) 555-0188');
    again.unmount();

    renderScreen(() => <PostTruck organizationId="org-2" cancel={null} onPosted={() => {}} />);
    await screen.findByLabelText('Dispatcher name');
    expect(value('Dispatcher name')).toBe('Dana Reyes');
    expect(value('Dispatcher phone')).toBe('(312) 555-0142');
  });
});

describe('the edit truck form', () => {
  it("shows the truck's own contact, its phone in the national format", async () => {
    serve();
    renderScreen(() => (
      <Suspense fallback={null}>
        <EditTruck organizationId="org-1" truckId={3} cancel={null} onDone={() => {}} />
      </Suspense>
    ));
    await screen.findByLabelText('Dispatcher phone');
    expect(value('Dispatcher phone')).toBe('(806) 378-1234');
    expect(value('Dispatcher name')).toBe('Dana Reyes');
    expect(value('Dispatcher email')).toBe('dana@acme.test');
  });
});
