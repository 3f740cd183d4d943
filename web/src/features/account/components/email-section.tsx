import { type ChangeEmailForm, changeEmailFormSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { fieldBinder } from '../../../lib/form-fields';
import type { SessionUser } from '../../auth';
import { authPages, useSendVerificationEmail } from '../../auth';
import { useChangeEmail } from '../api/change-email';
import { AccountSection, SaveRow } from './account-section';

function VerificationBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success">Verified</span>
  ) : (
    <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-400">
      Not verified
    </span>
  );
}

export function EmailSection({ user }: { user: SessionUser }) {
  const changeEmail = useChangeEmail();
  const resend = useSendVerificationEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const verified = user.emailVerified === true;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailForm>({
    resolver: zodResolver(changeEmailFormSchema),
    defaultValues: { newEmail: '' },
  });
  const field = fieldBinder(register, errors);

  const submit = async ({ newEmail }: ChangeEmailForm) => {
    setFailure(null);
    setSaved(null);
    const previous = user.email;
    try {
      const session = await changeEmail.mutateAsync(newEmail);
      reset();
      const now = session?.user.email ?? previous;
      setSaved(
        now.toLowerCase() === newEmail.toLowerCase()
          ? `Your email address is now ${now}. We sent a verification link to it.`
          : `We sent a link to ${previous}. Open it to confirm the change to ${newEmail}.`,
      );
    } catch (error) {
      if (!isApiError(error)) return setFailure('Could not change the email address. Try again.');
      if (error.status === 400 && error.message) {
        setError('newEmail', { type: 'server', message: error.fieldErrors.newEmail?.[0] ?? error.message });
        return;
      }
      setFailure(error.message);
    }
  };

  const sendLink = () => {
    setFailure(null);
    resend.mutate(
      { email: user.email, callbackURL: authPages.account },
      {
        onSuccess: () => setSaved(`We sent a verification link to ${user.email}.`),
        onError: (error) => setFailure(error.message || 'Could not send the link. Try again.'),
      },
    );
  };

  return (
    <AccountSection
      id="email"
      title="Email address"
      description={
        verified
          ? 'A change is confirmed from a link sent to your current address.'
          : 'While your address is not verified, a change applies at once.'
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium" data-testid="current-email">
            {user.email}
          </span>
          <VerificationBadge verified={verified} />
          {verified ? null : (
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0"
              disabled={resend.isPending}
              onClick={sendLink}
            >
              Send verification link
            </Button>
          )}
        </div>
        <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-4">
          <FormAlert message={failure} />
          <InputField
            label="New email address"
            type="email"
            autoComplete="email"
            {...field('newEmail', 'email-new')}
          />
          <SaveRow label="Change email" pending={isSubmitting} saved={saved} />
        </form>
      </div>
    </AccountSection>
  );
}
