import {
  formatUsPhone,
  type PhoneCodeForm,
  type PhoneNumberForm,
  phoneCodeFormSchema,
  phoneNumberFormSchema,
  US_PHONE_HINT,
} from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton, Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { fieldBinder } from '../../../lib/form-fields';
import type { SessionUser } from '../../auth';
import { useRemovePhoneNumber, useSendPhoneCode, useVerifyPhoneNumber } from '../api/phone-number';
import { AccountSection, SavedNote } from './account-section';

const PHONE_HINT = US_PHONE_HINT;

/** The service's answers about the code itself (wrong, expired, tried too often). */
const CODE_REFUSALS = new Set(['INVALID_OTP', 'OTP_EXPIRED', 'OTP_NOT_FOUND', 'TOO_MANY_ATTEMPTS']);

const failureOf = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

function NumberForm({ onSent }: { onSent: (phoneNumber: string) => void }) {
  const sendCode = useSendPhoneCode();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ phoneNumber: string }, unknown, PhoneNumberForm>({
    resolver: zodResolver(phoneNumberFormSchema),
    defaultValues: { phoneNumber: '' },
  });
  const field = fieldBinder(register, errors);

  const submit = async ({ phoneNumber }: PhoneNumberForm) => {
    setFailure(null);
    try {
      await sendCode.mutateAsync(phoneNumber);
      onSent(phoneNumber);
    } catch (error) {
      const message = isApiError(error) ? error.fieldErrors.phoneNumber?.[0] : undefined;
      if (message) setError('phoneNumber', { type: 'server', message });
      else setFailure(failureOf(error, 'Could not send the code. Try again.'));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-3">
      <FormAlert message={failure} />
      <InputField
        label="Phone number"
        hint={PHONE_HINT}
        type="tel"
        autoComplete="tel"
        {...field('phoneNumber', 'phone-number')}
      />
      <div>
        <BusyButton type="submit" variant="outline" pending={isSubmitting}>
          Send code
        </BusyButton>
      </div>
    </form>
  );
}

function CodeForm({
  phoneNumber,
  onVerified,
  onCancel,
}: {
  phoneNumber: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const verify = useVerifyPhoneNumber();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PhoneCodeForm>({ resolver: zodResolver(phoneCodeFormSchema), defaultValues: { code: '' } });
  const field = fieldBinder(register, errors);

  const submit = async ({ code }: PhoneCodeForm) => {
    setFailure(null);
    try {
      await verify.mutateAsync({ phoneNumber, code });
      onVerified();
    } catch (error) {
      // A wrong or expired code is the code field's business; anything else is the form's.
      if (isApiError(error) && CODE_REFUSALS.has(error.code)) {
        setError('code', { type: 'server', message: error.message });
      } else {
        setFailure(failureOf(error, 'Could not verify the code. Try again.'));
      }
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground" role="status">
        We texted a code to <span className="font-medium text-foreground">{formatUsPhone(phoneNumber)}</span>.
      </p>
      <FormAlert message={failure} />
      <InputField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        className="max-w-40"
        {...field('code', 'phone-code')}
      />
      <div className="flex gap-2">
        <BusyButton type="submit" pending={isSubmitting}>
          Verify
        </BusyButton>
        <Button variant="ghost" onClick={onCancel}>
          Use another number
        </Button>
      </div>
    </form>
  );
}

/** The user's phone number: added or changed with a texted code, removed at once. */
export function PhoneSection({ user }: { user: SessionUser }) {
  const remove = useRemovePhoneNumber();
  const [pending, setPending] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const current = user.phoneNumber ?? null;

  return (
    <AccountSection
      id="phone"
      title="Phone number"
      description="A number is saved once you enter the code we text to it."
    >
      <div className="flex flex-col gap-4">
        <FormAlert message={failure} />
        {current ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium" data-testid="current-phone">
              {formatUsPhone(current)}
            </span>
            {user.phoneNumberVerified ? (
              <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success">
                Verified
              </span>
            ) : null}
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0"
              disabled={remove.isPending}
              onClick={() => {
                setFailure(null);
                setSaved(null);
                remove.mutate(undefined, {
                  onSuccess: () => setSaved('Your phone number has been removed.'),
                  onError: (error) => setFailure(failureOf(error, 'Could not remove the number. Try again.')),
                });
              }}
            >
              Remove
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No phone number yet.</p>
        )}
        {pending ? (
          <CodeForm
            phoneNumber={pending}
            onCancel={() => setPending(null)}
            onVerified={() => {
              setPending(null);
              setSaved('Your phone number has been verified and saved.');
            }}
          />
        ) : (
          <NumberForm
            onSent={(phoneNumber) => {
              setSaved(null);
              setPending(phoneNumber);
            }}
          />
        )}
        <SavedNote message={saved} />
      </div>
    </AccountSection>
  );
}
