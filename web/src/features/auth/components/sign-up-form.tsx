import { PASSWORD_MIN_MESSAGE, type SignUpForm as SignUpValues, signUpFormSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { splitFieldErrors } from '../../../lib/form-errors';
import { fieldBinder } from '../../../lib/form-fields';
import { useSignUp } from '../api/sign-up';
import type { SessionView } from '../types';

const fields = ['name', 'email', 'password'] as const;

export function SignUpForm({
  onSignedUp,
  createAccount,
  submitLabel = 'Create account',
  autoFocus = true,
  email = '',
}: {
  /** `session` is null when the service waits for the e-mail address to be verified. */
  onSignedUp: (session: SessionView | null, values: SignUpValues) => Promise<void> | void;
  /** How the account is created; by default a plain sign-up (an invitation adds where to come back to). */
  createAccount?: (values: SignUpValues) => Promise<SessionView | null>;
  submitLabel?: string;
  autoFocus?: boolean;
  /** The address filled in to start with (an invitation's). */
  email?: string;
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
    defaultValues: { name: '', email, password: '' },
  });
  const field = fieldBinder(register, errors);

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
      <InputField label="Name" autoComplete="name" autoFocus={autoFocus} {...field('name', 'sign-up-name')} />
      <InputField label="Email" type="email" autoComplete="email" {...field('email', 'sign-up-email')} />
      <InputField
        label="Password"
        hint={PASSWORD_MIN_MESSAGE}
        type="password"
        autoComplete="new-password"
        {...field('password', 'sign-up-password')}
      />
      <BusyButton type="submit" size="lg" className="mt-1 w-full" pending={isSubmitting}>
        {submitLabel}
      </BusyButton>
    </form>
  );
}
