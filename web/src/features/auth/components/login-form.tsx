import { type SignInForm, signInFormSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Label } from '../../../components/ui/label';
import { isApiError } from '../../../lib/api-client';
import { fieldBinder } from '../../../lib/form-fields';
import { useSignIn } from '../api/sign-in';
import type { SessionView } from '../types';

/** The service refuses an unverified address with 403 and mails a new link on the attempt. */
function signInFailure(error: unknown): string {
  if (!isApiError(error)) return 'Could not sign in. Try again.';
  if (error.status === 403 && error.code === 'EMAIL_NOT_VERIFIED') {
    return 'Your email address is not verified yet. We sent you a new verification link: open it, then sign in.';
  }
  return error.message;
}

export function LoginForm({
  onSignedIn,
  initialFailure = null,
}: {
  onSignedIn: (session: SessionView | null) => Promise<void>;
  /** A message the page arrived with (a provider sign-in that failed). */
  initialFailure?: string | null;
}) {
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string | null>(initialFailure);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof signInFormSchema>, unknown, SignInForm>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '', rememberMe: true },
  });
  const field = fieldBinder(register, errors);

  const submit = async (values: SignInForm) => {
    setFailure(null);
    try {
      const session = await signIn.mutateAsync(values);
      await onSignedIn(session);
    } catch (error) {
      setFailure(signInFailure(error));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <InputField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        {...field('email', 'login-email')}
      />
      <InputField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...field('password', 'login-password')}
      />
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Checkbox id="login-remember" {...register('rememberMe')} />
          <Label htmlFor="login-remember" className="cursor-pointer font-normal">
            Remember me
          </Label>
        </div>
        <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
          Forgot password?
        </Link>
      </div>
      <BusyButton type="submit" size="lg" className="mt-1 w-full" pending={isSubmitting}>
        Sign in
      </BusyButton>
    </form>
  );
}
