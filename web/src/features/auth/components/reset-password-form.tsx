import { type ResetPasswordForm as ResetPasswordValues, resetPasswordFormSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';

const HINT = 'At least 8 characters';

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
      <Field id="reset-password" label="New password" hint={HINT} error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          autoFocus
          {...fieldControlProps('reset-password', errors.password?.message, HINT)}
          {...register('password')}
        />
      </Field>
      <Field id="reset-confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldControlProps('reset-confirm-password', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-1 w-full">
        {isSubmitting ? <Spinner decorative className="text-primary-foreground" /> : null}
        Set new password
      </Button>
    </form>
  );
}
