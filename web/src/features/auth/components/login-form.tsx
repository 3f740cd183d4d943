import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';
import { type SignInFormValues, signInFormSchema } from '../schemas';
import type { SessionView } from '../types';
import { FormAlert } from './form-alert';

export function LoginForm({ onSignedIn }: { onSignedIn: (session: SessionView | null) => Promise<void> }) {
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInFormValues>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '', rememberMe: true },
  });

  const submit = async (values: SignInFormValues) => {
    setFailure(null);
    try {
      const session = await signIn.mutateAsync(values);
      await onSignedIn(session);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : 'Could not sign in. Try again.');
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <Field id="login-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          autoFocus
          {...fieldControlProps('login-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...fieldControlProps('login-password', errors.password?.message)}
          {...register('password')}
        />
      </Field>
      <div className="flex items-center gap-2">
        <Checkbox id="login-remember" {...register('rememberMe')} />
        <Label htmlFor="login-remember" className="cursor-pointer font-normal">
          Remember me
        </Label>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-1 w-full">
        {isSubmitting ? <Spinner decorative className="text-primary-foreground" /> : null}
        Sign in
      </Button>
    </form>
  );
}
