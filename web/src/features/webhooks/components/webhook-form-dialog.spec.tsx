// @vitest-environment jsdom
import { webhookMessages, webhookSecretAnswerSchema } from '@dispatch/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen, type SeenRequest, serveFetch } from '../../../testing/render-screen';
import { AddEndpointDialog } from './webhook-form-dialog';

afterEach(cleanup);

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** Takes the endpoint unless `refuse` answers first, as the command side would. */
function serveWebhooks(refuse?: (body: { url: string }) => Record<string, string[]> | null): SeenRequest[] {
  return serveFetch((request) => {
    if (request.path === '/api/v1/webhooks' && request.method === 'POST') {
      const body = request.body as { url: string; description: string | null; eventTypes: string[] };
      const errors = refuse?.(body);
      if (errors)
        return {
          status: 400,
          body: { success: false, code: 'VALIDATION_ERROR', message: 'Some fields are not valid', errors },
        };
      return {
        status: 201,
        body: webhookSecretAnswerSchema.parse({
          endpoint: {
            id: '0b5c8f4e-5a51-4c3e-9d1f-2f6c7e0a9b11',
            ...body,
            status: 'enabled',
            disabledReason: null,
            createdBy: { id: 'u-1', name: 'Dana Reyes' },
            createdAt: '2026-11-27T12:00:00.000Z',
            secretRotatedAt: null,
            deliveredThrough: '0',
            lastAttempt: null,
          },
          secret,
        }),
      };
    }
    return { body: { items: [] } };
  });
}

async function openForm() {
  const user = userEvent.setup();
  renderScreen(() => <AddEndpointDialog trigger={<button type="button">Add endpoint</button>} />);
  await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add an endpoint' });
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
  const url = within(dialog).getByLabelText('URL') as HTMLInputElement;
  return { user, dialog, submit, url };
}

describe('the webhook endpoint form', () => {
  it('says what is missing and sends nothing', async () => {
    const seen = serveWebhooks();
    const { dialog, submit } = await openForm();
    await submit();
    expect(await within(dialog).findByText(webhookMessages.urlRequired)).toBeTruthy();
    expect(within(dialog).getByText(webhookMessages.eventTypesRequired)).toBeTruthy();
    expect(within(dialog).getByLabelText('URL').getAttribute('aria-invalid')).toBe('true');
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('refuses an address that is not a web address, or not http(s)', async () => {
    const seen = serveWebhooks();
    const { user, dialog, submit, url } = await openForm();
    await user.click(within(dialog).getByLabelText(/^Member joined/));
    await user.type(url, 'example dot com');
    await submit();
    expect(await within(dialog).findByText(webhookMessages.urlInvalid)).toBeTruthy();
    await user.clear(url);
    await user.type(url, 'ftp://example.com/hook');
    await submit();
    expect(await within(dialog).findByText(webhookMessages.urlHttps)).toBeTruthy();
    expect(within(dialog).queryByText(webhookMessages.eventTypesRequired)).toBeNull();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal under its field", async () => {
    serveWebhooks(() => ({ url: [webhookMessages.urlPrivate] }));
    const { user, dialog, submit, url } = await openForm();
    await user.type(url, 'https://10.0.0.5/hook');
    await user.click(within(dialog).getByLabelText(/^Saved search matched/));
    await submit();
    expect(await within(dialog).findByText(webhookMessages.urlPrivate)).toBeTruthy();
    expect(within(dialog).getByLabelText('URL').getAttribute('aria-describedby')).toBe('webhook-url-error');
  });

  it('takes a whole group at once, then shows the signing secret once', async () => {
    const seen = serveWebhooks();
    const { user, dialog, submit, url } = await openForm();
    await user.type(url, 'https://hooks.example.com/dispatch');
    await user.click(within(dialog).getByLabelText(/^Envelopes/));
    expect(within(dialog).getByText('6 of 6')).toBeTruthy();
    await submit();
    const shown = await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect(within(shown).getByTestId('one-time-secret').textContent).toBe(secret);
    expect(shown.textContent).toContain('it will not be shown again');
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.com/dispatch',
      description: null,
      eventTypes: [
        'envelope.sent',
        'envelope.delivered',
        'envelope.completed',
        'envelope.rejected',
        'envelope.voided',
        'envelope.cancelled',
      ],
    });
  });
});
