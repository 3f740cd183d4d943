// @vitest-environment jsdom
import {
  closedEnvelopeMessage,
  signingDocumentAnswerSchema,
  signingDoneAnswerSchema,
} from '@dispatch/domain';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../../../components/theme/theme-provider';
import { renderScreen, serveFetch } from '../../../../testing/render-screen';
import { SigningPage } from './signing-page';

afterEach(cleanup);
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
});

/** The page as the app shows it: under the theme the header's menu picks. */
const signingScreen = () => (
  <ThemeProvider>
    <SigningPage token={token} />
  </ThemeProvider>
);

const token = 'sgn_4f9c2a7e1b';
const envelopeId = '0b9e8a52-3c1d-4f6e-9a7b-2d5c8e1f4a30';

const documentAnswer = signingDocumentAnswerSchema.parse({
  success: true,
  envelope: {
    envelopeId,
    envelopeStatus: 'sent',
    type: 'driver',
    receiverName: 'Jordan Miles',
    organizationName: 'Acme Freight',
    expiresAt: '2026-04-01T00:00:00.000Z',
  },
  document: {
    title: 'Driver onboarding agreement',
    version: 1,
    parties: {
      organizationName: 'Acme Freight',
      receiverName: 'Jordan Miles',
      receiverContact: 'jordan@example.test',
      sentOn: '2026-03-02',
    },
    sections: [
      { heading: 'Scope', paragraphs: ['The driver hauls loads dispatched by Acme Freight.'] },
      { heading: 'Payment', paragraphs: ['Settlements are paid weekly.'] },
    ],
  },
});

const gone = (message: string) => ({
  status: 410,
  body: { success: false, code: 'GONE', message, errors: {} },
});

describe('SigningPage', () => {
  it('shows the document, and signing with a typed name posts that name alone', async () => {
    const seen = serveFetch(({ method, path }) => {
      if (method === 'GET' && path === `/api/v1/signing/${token}`) return { body: documentAnswer };
      if (method === 'POST' && path === `/api/v1/signing/${token}/sign`) {
        return {
          body: signingDoneAnswerSchema.parse({
            success: true,
            envelope: { envelopeId, envelopeStatus: 'completed' },
          }),
        };
      }
      return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found', errors: {} } };
    });
    const user = userEvent.setup();
    renderScreen(signingScreen);

    expect(
      await screen.findByRole('heading', { name: 'Driver onboarding agreement', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Scope' })).toBeTruthy();
    expect(screen.getByText('Settlements are paid weekly.')).toBeTruthy();
    expect(screen.getByText('jordan@example.test')).toBeTruthy();

    // Without a name, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'I agree and sign' }));
    expect(await screen.findByText(/name is required/i)).toBeTruthy();
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Your full name'), 'Jordan Miles');
    await user.click(screen.getByRole('button', { name: 'I agree and sign' }));

    expect(await screen.findByRole('heading', { name: 'Signed. Thank you!' })).toBeTruthy();
    expect(seen.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/v1/signing/${token}/sign`, body: { signerName: 'Jordan Miles' } },
    ]);
    expect(
      screen.getByText(/Jordan Miles, Acme Freight now has your signed driver onboarding agreement/),
    ).toBeTruthy();
  });

  it('names where a texted envelope went by its phone in the national format', async () => {
    const texted = signingDocumentAnswerSchema.parse({
      ...documentAnswer,
      document: {
        ...documentAnswer.document,
        parties: { ...documentAnswer.document.parties, receiverContact: '7015550188' },
      },
    });
    serveFetch(() => ({ body: texted }));
    renderScreen(signingScreen);

    const sentTo = await screen.findByText('Sent to');
    expect(sentTo.parentElement?.textContent).toBe('Sent to(701) 555-0188');
  });

  it('a closed link (410) says so with the server message, and shows no form', async () => {
    serveFetch(() => gone(closedEnvelopeMessage('voided')));
    renderScreen(signingScreen);

    expect(await screen.findByRole('heading', { name: 'This envelope was voided' })).toBeTruthy();
    expect(screen.getByText('The sender voided this envelope. There is nothing left to sign.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I agree and sign' })).toBeNull();
  });

  it('an envelope closed while the page was open (410 on signing) ends on the closed message', async () => {
    serveFetch(({ method }) =>
      method === 'GET' ? { body: documentAnswer } : gone(closedEnvelopeMessage('cancelled', 'expired')),
    );
    const user = userEvent.setup();
    renderScreen(signingScreen);

    await user.type(await screen.findByLabelText('Your full name'), 'Jordan Miles');
    await user.click(screen.getByRole('button', { name: 'I agree and sign' }));

    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeTruthy();
    expect(screen.getByText('This signing link has expired. Ask the sender for a new one.')).toBeTruthy();
  });
});
