import { type ForgotPasswordForm as EmailValues, forgotPasswordFormSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
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
      <Field id="resend-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          {...fieldControlProps('resend-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Button type="submit" variant="outline" disabled={isSubmitting} className="w-full">
        {isSubmitting ? <Spinner decorative /> : null}
        Send a new verification link
      </Button>
    </form>
  );
}
