import { type ForgotPasswordForm as ForgotPasswordValues, forgotPasswordFormSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { fieldBinder } from '../../../lib/form-fields';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** The same words for every address, known or not: the page must not tell who has an account. */
export const RESET_REQUESTED_MESSAGE =
  'If this email exists in our system, check your email for the reset link';

export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const field = fieldBinder(register, errors);

  const submit = async ({ email }: ForgotPasswordValues) => {
    setFailure(null);
    try {
      await requestReset.mutateAsync(email);
      setSentTo(email);
    } catch (error) {
      // Only failures that say nothing about the address reach here (offline, too many attempts).
      setFailure(isApiError(error) ? error.message : 'Could not send the link. Try again.');
    }
  };

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck className="size-5" aria-hidden />
        </span>
        <p className="text-sm">{RESET_REQUESTED_MESSAGE}</p>
        <p className="text-xs text-muted-foreground">The link is valid for one hour.</p>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <InputField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        {...field('email', 'forgot-email')}
      />
      <BusyButton type="submit" size="lg" className="mt-1 w-full" pending={isSubmitting}>
        Send reset link
      </BusyButton>
    </form>
  );
}
