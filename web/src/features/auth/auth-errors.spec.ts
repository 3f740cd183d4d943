import { describe, expect, it } from 'vitest';
import { socialErrorMessage, verifyEmailError, verifyEmailErrorMessage } from './auth-errors';

describe('verification errors', () => {
  it('names the reasons of docs/rules.md#errors whatever their case', () => {
    expect(verifyEmailError('token_expired')).toBe('token_expired');
    expect(verifyEmailError('TOKEN_EXPIRED')).toBe('token_expired');
    expect(verifyEmailError('INVALID_TOKEN')).toBe('invalid_token');
    expect(verifyEmailError('user_not_found')).toBe('user_not_found');
    expect(verifyEmailError('unauthorized')).toBe('unauthorized');
  });

  it('reads a foreign link as unauthorized and anything unknown as an invalid token', () => {
    expect(verifyEmailError('INVALID_USER')).toBe('unauthorized');
    expect(verifyEmailError('<script>')).toBe('invalid_token');
  });

  it('has distinct words for each reason', () => {
    const messages = (['token_expired', 'invalid_token', 'user_not_found', 'unauthorized'] as const).map(
      verifyEmailErrorMessage,
    );
    expect(new Set(messages).size).toBe(4);
    expect(verifyEmailErrorMessage('token_expired')).toMatch(/expired/);
  });
});

describe('provider sign-in errors', () => {
  it('explains an expired sign-in', () => {
    expect(socialErrorMessage('please_restart_the_process')).toMatch(/start again/);
  });

  it('reads "account not linked" in either spelling', () => {
    expect(socialErrorMessage('account not linked')).toBe(socialErrorMessage('account_not_linked'));
  });

  it('names an unknown code so support can find it', () => {
    expect(socialErrorMessage('invalid_code')).toContain('invalid_code');
  });
});
