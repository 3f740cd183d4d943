import { z } from 'zod';
import { email, plainText, US_PHONE_MESSAGE, usPhoneDigits } from '../shared/fields.ts';

/**
 * The identity forms of docs/rules.md#validation (sign-in, sign-up, forgot and reset password, password
 * change, account deletion) and the account page's profile and e-mail forms. The web app
 * validates with them before calling the authentication service, and the service can parse
 * the same bodies with them, so both say the same words.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_MESSAGE = 'Should contain atleast 8 characters';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
/** The authentication service's own limit (better-auth's maxPasswordLength default). */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MAX_MESSAGE = `Password cannot be more than ${PASSWORD_MAX_LENGTH} characters`;
export const DELETE_ACCOUNT_CONFIRMATION = 'delete my account';
export const DELETE_ACCOUNT_CONFIRMATION_MESSAGE = `You must type: "${DELETE_ACCOUNT_CONFIRMATION}"`;

/** At most EMAIL_MAX (254) characters: "Email address cannot be more than 254 characters". */
const emailAddress = email('Email address');
const requiredPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MAX_MESSAGE);
const newPassword = z
  .string({ error: PASSWORD_MIN_MESSAGE })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MIN_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MAX_MESSAGE);

/**
 * A confirmation too short to be a password already carries that message; "do not match" is
 * added only once it is a candidate, so a field shows one message at a time.
 */
const confirmationIsComplete = (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
  !payload.issues.some((issue) => issue.path?.[0] === 'confirmPassword');

export const signInFormSchema = z.object({
  email: emailAddress,
  password: requiredPassword,
  rememberMe: z.boolean().default(true),
});
export type SignInForm = z.output<typeof signInFormSchema>;

export const signUpFormSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name cannot be more than 100 characters')
    .check(plainText('Name')),
  email: emailAddress,
  password: newPassword,
});
export type SignUpForm = z.output<typeof signUpFormSchema>;

export const forgotPasswordFormSchema = z.object({ email: emailAddress });
export type ForgotPasswordForm = z.output<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: newPassword })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
    when: confirmationIsComplete,
  });
export type ResetPasswordForm = z.output<typeof resetPasswordFormSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: newPassword,
    newPassword,
    confirmPassword: newPassword,
    revokeOtherSessions: z.boolean().default(false),
  })
  // The message sits on the confirm field: that is the one to correct.
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
    when: confirmationIsComplete,
  });
export type ChangePasswordForm = z.output<typeof changePasswordFormSchema>;

export const deleteAccountFormSchema = z.object({
  password: requiredPassword,
  // Exactly the phrase: a deletion is never confirmed by a near miss.
  confirmation: z
    .string({ error: DELETE_ACCOUNT_CONFIRMATION_MESSAGE })
    .refine((text) => text === DELETE_ACCOUNT_CONFIRMATION, DELETE_ACCOUNT_CONFIRMATION_MESSAGE),
});
export type DeleteAccountForm = z.output<typeof deleteAccountFormSchema>;

export const changeEmailFormSchema = z.object({ newEmail: emailAddress });
export type ChangeEmailForm = z.output<typeof changeEmailFormSchema>;

/**
 * A user's own phone number: ten digits with an optional +1, kept in E.164 (`+1` and the ten
 * digits) because it is the address text messages go to, with no separate country code field.
 */
const e164UsPhone = z.string({ error: US_PHONE_MESSAGE }).transform((phone, context) => {
  // Typed as on the boards ("(312) 555-0199", "+1 312 555 0199", …), with the same rule.
  const digits = usPhoneDigits(phone);
  if (digits !== null) return `+1${digits}`;
  context.addIssue({ code: 'custom', message: US_PHONE_MESSAGE });
  return z.NEVER;
});

/** The profile's phone number, where an empty value clears it. */
export const profilePhoneNumber = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  e164UsPhone.nullable(),
);

/** The number a verification code is texted to (the account page's phone form). */
export const phoneNumberFormSchema = z.object({
  phoneNumber: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, { error: 'Phone number is required', abort: true })
    .pipe(e164UsPhone),
});
export type PhoneNumberForm = z.output<typeof phoneNumberFormSchema>;

/** The code texted to that number. */
export const phoneCodeFormSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type PhoneCodeForm = z.output<typeof phoneCodeFormSchema>;

const profileName = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(50, `${label} cannot be more than 50 characters`)
    .check(plainText(label));

/** The names of the account page's profile form; the phone number has a form of its own (it needs a code). */
export const profileNamesFormSchema = z.object({
  name: signUpFormSchema.shape.name,
  firstName: profileName('First name'),
  lastName: profileName('Last name'),
});
export type ProfileNamesForm = z.output<typeof profileNamesFormSchema>;

/** The whole profile: the display name, first and last name, phone number. */
export const profileFormSchema = profileNamesFormSchema.extend({ phoneNumber: profilePhoneNumber });
export type ProfileForm = z.output<typeof profileFormSchema>;

/** The profile update payload of docs/rules.md#entities-and-fields: every field optional, phoneNumber nullable. */
export const profileUpdateSchema = profileFormSchema.partial();
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
