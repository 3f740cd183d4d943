import { type ChangePasswordForm, changePasswordFormSchema, PASSWORD_MIN_MESSAGE } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Checkbox } from '../../../components/ui/checkbox';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Label } from '../../../components/ui/label';
import { isApiError } from '../../../lib/api-client';
import { fieldBinder } from '../../../lib/form-fields';
import { useChangePassword } from '../api/change-password';
import { AccountSection, SaveRow } from './account-section';

/** The hint says what the message says, in its words (docs/rules.md#validation). */
const HINT = PASSWORD_MIN_MESSAGE;
const empty = { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: false };

export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const changePassword = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof changePasswordFormSchema>, unknown, ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: empty,
  });
  const field = fieldBinder(register, errors);

  if (!hasPassword) {
    return (
      <AccountSection id="password" title="Password" description="You sign in through a provider.">
        <p className="text-sm text-muted-foreground">
          To sign in with a password as well, sign out and use{' '}
          <Link to="/forgot-password" className="font-medium text-primary hover:underline">
            Forgot password
          </Link>{' '}
          with your email address.
        </p>
      </AccountSection>
    );
  }

  const submit = async ({ currentPassword, newPassword, revokeOtherSessions }: ChangePasswordForm) => {
    setFailure(null);
    setSaved(null);
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword, revokeOtherSessions });
      reset(empty);
      setSaved(
        revokeOtherSessions
          ? 'Your password has been changed and your other sessions were signed out.'
          : 'Your password has been changed.',
      );
    } catch (error) {
      if (isApiError(error) && error.code === 'INVALID_PASSWORD') {
        setError('currentPassword', { type: 'server', message: error.message });
        return;
      }
      setFailure(isApiError(error) ? error.message : 'Could not change the password. Try again.');
    }
  };

  return (
    <AccountSection id="password" title="Password" description="Change the password you sign in with.">
      <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-4">
        <FormAlert message={failure} />
        <InputField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword', 'password-currentPassword')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="New password"
            hint={HINT}
            type="password"
            autoComplete="new-password"
            {...field('newPassword', 'password-newPassword')}
          />
          <InputField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            {...field('confirmPassword', 'password-confirmPassword')}
          />
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id="password-revoke" {...register('revokeOtherSessions')} />
          <Label htmlFor="password-revoke" className="cursor-pointer font-normal">
            Revoke other sessions (sign out everywhere else)
          </Label>
        </div>
        <SaveRow label="Change password" pending={isSubmitting} saved={saved} />
      </form>
    </AccountSection>
  );
}
