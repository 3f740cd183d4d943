import {
  PASSWORD_MIN_MESSAGE,
  type ResetPasswordForm as ResetPasswordValues,
  resetPasswordFormSchema,
} from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { fieldBinder } from '../../../lib/form-fields';
import { useResetPassword } from '../api/reset-password';

/** The hint says what the message says, in its words (docs/rules.md#validation). */
const HINT = PASSWORD_MIN_MESSAGE;

export function ResetPasswordForm({
  token,
  onReset,
  onInvalidToken,
}: {
  token: string;
  onReset: () => void;
  /** The token was used or expired meanwhile. */
  onInvalidToken: () => void;
}) {
  const resetPassword = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const field = fieldBinder(register, errors);

  const submit = async ({ password }: ResetPasswordValues) => {
    setFailure(null);
    try {
      await resetPassword.mutateAsync({ token, newPassword: password });
      onReset();
    } catch (error) {
      if (isApiError(error) && error.code === 'INVALID_TOKEN') return onInvalidToken();
      setFailure(isApiError(error) ? error.message : 'Could not change the password. Try again.');
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <InputField
        label="New password"
        hint={HINT}
        type="password"
        autoComplete="new-password"
        autoFocus
        {...field('password', 'reset-password')}
      />
      <InputField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword', 'reset-confirm-password')}
      />
      <BusyButton type="submit" size="lg" className="mt-1 w-full" pending={isSubmitting}>
        Set new password
      </BusyButton>
    </form>
  );
}
