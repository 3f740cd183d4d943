// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen, serveFetch } from '../../../testing/render-screen';
import { InvitationSignUp } from './invitation-sign-up';

afterEach(cleanup);

const invitationId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

describe('the sign-up page of an invitation', () => {
  it('names the inviter and the organization, and starts with the invited address', async () => {
    const seen = serveFetch((request) =>
      request.path === `/api/v1/organization/get-invitation-link?id=${invitationId}`
        ? {
            body: {
              success: true,
              data: {
                organizationName: 'Lakeside Freight',
                inviterName: 'Pat Owner',
                email: 'sam@example.com',
              },
            },
          }
        : { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found', errors: {} } },
    );
    renderScreen(() => <InvitationSignUp invitationId={invitationId} />);
    expect(await screen.findByText('Pat Owner invited you to join Lakeside Freight')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
    expect(seen.map((request) => request.path)).toContain(
      `/api/v1/organization/get-invitation-link?id=${invitationId}`,
    );
  });

  it('still lets a visitor sign up when the link is no longer open', async () => {
    serveFetch(() => ({
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: 'Invitation not found', errors: {} },
    }));
    renderScreen(() => <InvitationSignUp invitationId={invitationId} />);
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/invited you to join/)).toBeNull();
  });
});
