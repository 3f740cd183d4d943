import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changeEmailFormSchema,
  changePasswordFormSchema,
  deleteAccountFormSchema,
  fieldErrors,
  forgotPasswordFormSchema,
  phoneCodeFormSchema,
  phoneNumberFormSchema,
  profileFormSchema,
  profileUpdateSchema,
  resetPasswordFormSchema,
  signInFormSchema,
  signUpFormSchema,
} from '../index.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('forgot password form', () => {
  it('requires an e-mail address', () => {
    expect(errorsOf(forgotPasswordFormSchema, { email: '' })).toEqual({
      email: ['Email address is required'],
    });
    expect(errorsOf(forgotPasswordFormSchema, { email: '   ' })).toEqual({
      email: ['Email address is required'],
    });
  });

  it('requires a valid e-mail address', () => {
    expect(errorsOf(forgotPasswordFormSchema, { email: 'dana@' })).toEqual({
      email: ['Enter a valid email address'],
    });
  });

  it('accepts a valid address, trimmed', () => {
    expect(forgotPasswordFormSchema.parse({ email: ' dana@example.com ' })).toEqual({
      email: 'dana@example.com',
    });
  });
});

describe('password reset form', () => {
  it('needs at least 8 characters in each field', () => {
    expect(errorsOf(resetPasswordFormSchema, { password: 'short', confirmPassword: '' })).toEqual({
      password: ['Should contain atleast 8 characters'],
      confirmPassword: ['Should contain atleast 8 characters'],
    });
  });

  it('needs both fields to match, and says so on the confirm field', () => {
    expect(
      errorsOf(resetPasswordFormSchema, { password: 'long-enough-1', confirmPassword: 'long-enough-2' }),
    ).toEqual({ confirmPassword: ['Passwords do not match'] });
  });

  it('accepts two equal passwords of 8 characters', () => {
    expect(
      resetPasswordFormSchema.safeParse({ password: '12345678', confirmPassword: '12345678' }).success,
    ).toBe(true);
  });
});

describe('password change form', () => {
  const valid = {
    currentPassword: 'old-password',
    newPassword: 'new-password',
    confirmPassword: 'new-password',
  };

  it('needs at least 8 characters in current, new and confirm', () => {
    expect(
      errorsOf(changePasswordFormSchema, { currentPassword: 'a', newPassword: 'b', confirmPassword: 'c' }),
    ).toEqual({
      currentPassword: ['Should contain atleast 8 characters'],
      newPassword: ['Should contain atleast 8 characters'],
      confirmPassword: ['Should contain atleast 8 characters'],
    });
  });

  it('puts a mismatch on the confirm field', () => {
    expect(errorsOf(changePasswordFormSchema, { ...valid, confirmPassword: 'new-passwort' })).toEqual({
      confirmPassword: ['Passwords do not match'],
    });
  });

  it('keeps the other sessions unless asked to revoke them', () => {
    expect(changePasswordFormSchema.parse(valid).revokeOtherSessions).toBe(false);
    expect(changePasswordFormSchema.parse({ ...valid, revokeOtherSessions: true }).revokeOtherSessions).toBe(
      true,
    );
  });
});

describe('account deletion form', () => {
  it('requires the password', () => {
    expect(errorsOf(deleteAccountFormSchema, { password: '', confirmation: 'delete my account' })).toEqual({
      password: ['Password is required'],
    });
  });

  it.each(['', 'delete my account ', 'Delete my account', 'delete account'])(
    'refuses the confirmation %j',
    (confirmation) => {
      expect(errorsOf(deleteAccountFormSchema, { password: 'secret-pass', confirmation })).toEqual({
        confirmation: ['You must type: "delete my account"'],
      });
    },
  );

  it('accepts exactly "delete my account"', () => {
    expect(
      deleteAccountFormSchema.safeParse({ password: 'x', confirmation: 'delete my account' }).success,
    ).toBe(true);
  });
});

describe('sign-in and sign-up forms', () => {
  it('sign-in requires e-mail and password and remembers by default', () => {
    expect(errorsOf(signInFormSchema, { email: '', password: '' })).toEqual({
      email: ['Email address is required'],
      password: ['Password is required'],
    });
    expect(signInFormSchema.parse({ email: 'a@b.co', password: 'x' }).rememberMe).toBe(true);
  });

  it('sign-up requires a name, a valid e-mail and a password of 8 characters', () => {
    expect(errorsOf(signUpFormSchema, { name: ' ', email: 'nope', password: '1234567' })).toEqual({
      name: ['Name is required'],
      email: ['Enter a valid email address'],
      password: ['Should contain atleast 8 characters'],
    });
  });
});

describe('change e-mail form', () => {
  it('requires a valid new address', () => {
    expect(errorsOf(changeEmailFormSchema, { newEmail: '' })).toEqual({
      newEmail: ['Email address is required'],
    });
    expect(errorsOf(changeEmailFormSchema, { newEmail: 'x@' })).toEqual({
      newEmail: ['Enter a valid email address'],
    });
  });
});

describe('profile form', () => {
  const valid = { name: 'Dana Dispatcher', firstName: 'Dana', lastName: 'Dispatcher', phoneNumber: '' };

  it('treats an empty phone number as none', () => {
    expect(profileFormSchema.parse(valid).phoneNumber).toBeNull();
  });

  it('keeps a phone number as +1 and its ten digits', () => {
    expect(profileFormSchema.parse({ ...valid, phoneNumber: '3125550100' }).phoneNumber).toBe('+13125550100');
    expect(profileFormSchema.parse({ ...valid, phoneNumber: '+13125550100' }).phoneNumber).toBe(
      '+13125550100',
    );
  });

  it('takes a phone number as people type it', () => {
    for (const typed of ['(312) 555-0100', '312-555-0100', '312.555.0100', '+1 (312) 555-0100']) {
      expect(profileFormSchema.parse({ ...valid, phoneNumber: typed }).phoneNumber).toBe('+13125550100');
      expect(phoneNumberFormSchema.parse({ phoneNumber: typed }).phoneNumber).toBe('+13125550100');
    }
  });

  it('refuses a phone number that is not ten digits with an optional +1', () => {
    expect(errorsOf(profileFormSchema, { ...valid, phoneNumber: '555-0100' })).toEqual({
      phoneNumber: ['Invalid US phone number. Must be 10 digits (with optional +1 prefix)'],
    });
  });

  it('limits first and last names to 50 characters and requires the display name', () => {
    expect(
      errorsOf(profileFormSchema, {
        ...valid,
        name: '',
        firstName: 'x'.repeat(51),
        lastName: 'y'.repeat(51),
      }),
    ).toEqual({
      name: ['Name is required'],
      firstName: ['First name cannot be more than 50 characters'],
      lastName: ['Last name cannot be more than 50 characters'],
    });
  });

  it('as an update payload, takes any subset and a null phone number', () => {
    expect(profileUpdateSchema.parse({})).toEqual({});
    expect(profileUpdateSchema.parse({ phoneNumber: null })).toEqual({ phoneNumber: null });
    expect(profileUpdateSchema.parse({ firstName: 'Dana' })).toEqual({ firstName: 'Dana' });
  });
});

describe('phone number form', () => {
  it('requires a number', () => {
    expect(errorsOf(phoneNumberFormSchema, { phoneNumber: ' ' })).toEqual({
      phoneNumber: ['Phone number is required'],
    });
  });

  it('takes ten digits with an optional +1, kept as +1 and the ten digits', () => {
    expect(errorsOf(phoneNumberFormSchema, { phoneNumber: '31255501' })).toEqual({
      phoneNumber: ['Invalid US phone number. Must be 10 digits (with optional +1 prefix)'],
    });
    expect(phoneNumberFormSchema.parse({ phoneNumber: '3125550100' })).toEqual({
      phoneNumber: '+13125550100',
    });
  });

  it('takes a code of six digits', () => {
    expect(errorsOf(phoneCodeFormSchema, { code: '12345' })).toEqual({ code: ['Enter the 6-digit code'] });
    expect(errorsOf(phoneCodeFormSchema, { code: '12a456' })).toEqual({ code: ['Enter the 6-digit code'] });
    expect(phoneCodeFormSchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
  });
});

describe('server caps of the identity forms', () => {
  const password = 'x'.repeat(129);

  it('caps passwords at 128 characters, the authentication service limit', () => {
    expect(errorsOf(signInFormSchema, { email: 'a@b.co', password })).toEqual({
      password: ['Password cannot be more than 128 characters'],
    });
    expect(errorsOf(resetPasswordFormSchema, { password, confirmPassword: password })).toEqual({
      password: ['Password cannot be more than 128 characters'],
      confirmPassword: ['Password cannot be more than 128 characters'],
    });
    expect(errorsOf(deleteAccountFormSchema, { password, confirmation: 'delete my account' })).toEqual({
      password: ['Password cannot be more than 128 characters'],
    });
    expect(
      resetPasswordFormSchema.safeParse({ password: 'x'.repeat(128), confirmPassword: 'x'.repeat(128) })
        .success,
    ).toBe(true);
  });

  it('caps e-mail addresses at 254 characters', () => {
    const email = `${'x'.repeat(243)}@example.com`;
    expect(errorsOf(forgotPasswordFormSchema, { email })).toEqual({
      email: ['Email address cannot be more than 254 characters'],
    });
    expect(errorsOf(changeEmailFormSchema, { newEmail: email })).toEqual({
      newEmail: ['Email address cannot be more than 254 characters'],
    });
    expect(forgotPasswordFormSchema.safeParse({ email: email.slice(1) }).success).toBe(true);
  });

  it('says an absent e-mail is required', () => {
    expect(errorsOf(forgotPasswordFormSchema, {})).toEqual({ email: ['Email address is required'] });
  });
});
