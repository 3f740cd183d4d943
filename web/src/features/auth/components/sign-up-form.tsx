import { type SignUpForm as SignUpValues, signUpFormSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { splitFieldErrors } from '../../../lib/form-errors';
import { useSignUp } from '../api/sign-up';
import type { SessionView } from '../types';

const fields = ['name', 'email', 'password'] as const;

export function SignUpForm({
  onSignedUp,
  createAccount,
  submitLabel = 'Create account',
  autoFocus = true,
}: {
  /** `session` is null when the service waits for the e-mail address to be verified. */
  onSignedUp: (session: SessionView | null, values: SignUpValues) => Promise<void> | void;
  /** How the account is created; by default a plain sign-up (an invitation adds where to come back to). */
  createAccount?: (values: SignUpValues) => Promise<SessionView | null>;
  submitLabel?: string;
  autoFocus?: boolean;
}) {
  const signUp = useSignUp();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const submit = async (values: SignUpValues) => {
    setFailure(null);
    try {
      const session = await (createAccount ?? signUp.mutateAsync)(values);
      await onSignedUp(session, values);
    } catch (error) {
      if (!isApiError(error)) {
        setFailure('Could not create the account. Try again.');
        return;
      }
      const { fields: fieldMessages, other } = splitFieldErrors(error.fieldErrors, fields);
      for (const [field, message] of fieldMessages) setError(field, { type: 'server', message });
      if (!fieldMessages.length || other.length) setFailure(other[0] ?? error.message);
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <Field id="sign-up-name" label="Name" error={errors.name?.message}>
        <Input
          autoComplete="name"
          autoFocus={autoFocus}
          {...fieldControlProps('sign-up-name', errors.name?.message)}
          {...register('name')}
        />
      </Field>
      <Field id="sign-up-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          {...fieldControlProps('sign-up-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field
        id="sign-up-password"
        label="Password"
        hint="At least 8 characters"
        error={errors.password?.message}
      >
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldControlProps('sign-up-password', errors.password?.message, 'At least 8 characters')}
          {...register('password')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-1 w-full">
        {isSubmitting ? <Spinner decorative className="text-primary-foreground" /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}
