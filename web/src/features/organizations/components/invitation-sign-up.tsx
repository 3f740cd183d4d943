import { type SignUpForm, signUpFormSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { FormAlert } from '../../auth/components/form-alert';
import { signUpForInvitation } from '../api/answer-invitation';

/**
 * A new person creates their account from the invitation. The verification mail's link signs them
 * in and brings them back to the invitation, where they join.
 */
export function InvitationSignUp({ invitationId }: { invitationId: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const back = `/accept-invitation/${invitationId}`;

  const submit = async (values: SignUpForm) => {
    setFailure(null);
    try {
      await signUpForInvitation(invitationId, values);
      setSentTo(values.email);
    } catch (error) {
      if (isApiError(error)) {
        let placed = false;
        for (const field of ['name', 'email', 'password'] as const) {
          const message = error.fieldErrors[field]?.[0];
          if (message) {
            setError(field, { type: 'server', message });
            placed = true;
          }
        }
        if (!placed) setFailure(error.message);
      } else setFailure('Could not create the account. Try again.');
    }
  };

  if (sentTo) {
    return (
      <div className="flex flex-col items-center gap-3 text-center" role="status">
        <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck className="size-5" aria-hidden />
        </span>
        <h2 className="text-base font-semibold">Check your email</h2>
        <p className="text-sm text-muted-foreground">
          We sent a link to <span className="font-medium text-foreground">{sentTo}</span>. Open it to confirm
          your address: it brings you back to this invitation to join.
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Create your account with the email address the invitation was sent to.
      </p>
      <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-4">
        <FormAlert message={failure} />
        <Field id="invitee-name" label="Name" error={errors.name?.message}>
          <Input
            autoComplete="name"
            {...fieldControlProps('invitee-name', errors.name?.message)}
            {...register('name')}
          />
        </Field>
        <Field id="invitee-email" label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            {...fieldControlProps('invitee-email', errors.email?.message)}
            {...register('email')}
          />
        </Field>
        <Field
          id="invitee-password"
          label="Password"
          hint="At least 8 characters"
          error={errors.password?.message}
        >
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldControlProps('invitee-password', errors.password?.message, 'At least 8 characters')}
            {...register('password')}
          />
        </Field>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? <Spinner decorative className="text-primary-foreground" /> : null}
          Create account and continue
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/login" search={{ redirect: back }} className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
