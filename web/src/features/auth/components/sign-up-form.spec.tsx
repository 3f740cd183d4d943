// @vitest-environment jsdom
import { PASSWORD_MIN_MESSAGE } from '@dispatch/domain';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { SignUpForm } from './sign-up-form';

afterEach(cleanup);

describe('the sign-up form’s password', () => {
  it('has a hint in the very words of the message a short password gets', async () => {
    renderScreen(() => <SignUpForm onSignedUp={() => {}} createAccount={async () => null} />);
    const password = await screen.findByLabelText('Password');
    const hint = document.getElementById(`${password.id}-hint`)?.textContent;
    await userEvent.type(screen.getByLabelText('Name'), 'Sam Driver');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(password, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const message = (await screen.findByText(PASSWORD_MIN_MESSAGE, { selector: 'p' })).textContent;
    expect(message).toBe('Should contain atleast 8 characters');
    expect(hint).toBe(message);
  });
});
