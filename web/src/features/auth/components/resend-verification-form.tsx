import { type ForgotPasswordForm as EmailValues, forgotPasswordFormSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { fieldBinder } from '../../../lib/form-fields';
import { useSendVerificationEmail } from '../api/send-verification-email';

/** Asks for a new verification link. The answer is the same for every address. */
export function ResendVerificationForm() {
  const resend = useSendVerificationEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const field = fieldBinder(register, errors);

  if (resend.isSuccess) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        If this address belongs to an account waiting for verification, a new link is on its way.
      </p>
    );
  }

  const submit = async ({ email }: EmailValues) => {
    setFailure(null);
    try {
      await resend.mutateAsync({ email });
    } catch (error) {
      setFailure(isApiError(error) ? error.message : 'Could not send the link. Try again.');
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-3">
      <FormAlert message={failure} />
      <InputField label="Email" type="email" autoComplete="email" {...field('email', 'resend-email')} />
      <BusyButton type="submit" variant="outline" className="w-full" pending={isSubmitting}>
        Send a new verification link
      </BusyButton>
    </form>
  );
}
