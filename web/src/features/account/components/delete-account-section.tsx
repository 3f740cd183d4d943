import {
  DELETE_ACCOUNT_CONFIRMATION,
  type DeleteAccountForm,
  deleteAccountFormSchema,
} from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { fieldBinder } from '../../../lib/form-fields';
import { isDeleted, useDeleteAccount } from '../api/delete-account';
import { AccountSection } from './account-section';

function DeleteAccountDialog({
  open,
  onOpenChange,
  onDeleted,
  onConfirmationSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
  onConfirmationSent: () => void;
}) {
  const deleteAccount = useDeleteAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof deleteAccountFormSchema>, unknown, DeleteAccountForm>({
    resolver: zodResolver(deleteAccountFormSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const field = fieldBinder(register, errors);

  const submit = async ({ password }: DeleteAccountForm) => {
    setFailure(null);
    try {
      const answer = await deleteAccount.mutateAsync(password);
      if (isDeleted(answer)) onDeleted();
      else onConfirmationSent();
    } catch (error) {
      if (isApiError(error) && error.code === 'INVALID_PASSWORD') {
        setError('password', { type: 'server', message: error.message });
        return;
      }
      setFailure(isApiError(error) ? error.message : 'Could not delete the account. Try again.');
    }
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Delete your account?"
      description="Your profile, sign-in methods and sessions are removed for good. This cannot be undone."
      onSubmit={handleSubmit(submit)}
    >
      <FormAlert message={failure} />
      <InputField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...field('password', 'delete-password')}
      />
      <InputField
        label={`Type "${DELETE_ACCOUNT_CONFIRMATION}" to confirm`}
        autoComplete="off"
        spellCheck={false}
        {...field('confirmation', 'delete-confirmation')}
      />
      <DialogActions label="Delete account" variant="destructive" pending={isSubmitting} />
    </DialogFrame>
  );
}

/**
 * Deleting the account takes the password and the typed phrase. When the service confirms
 * deletions by mail, the account goes once the mailed link is opened.
 */
export function DeleteAccountSection({ email, onDeleted }: { email: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirmationSent, setConfirmationSent] = useState(false);

  return (
    <AccountSection
      id="delete-account"
      title="Delete account"
      tone="danger"
      description="Remove your account and everything that lets you sign in."
    >
      <div className="flex flex-col items-start gap-3">
        {confirmationSent ? (
          <p role="status" className="text-sm">
            We sent a link to <span className="font-medium">{email}</span>. Your account is deleted when you
            open it.
          </p>
        ) : null}
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      {open ? (
        <DeleteAccountDialog
          open={open}
          onOpenChange={setOpen}
          onDeleted={onDeleted}
          onConfirmationSent={() => {
            setOpen(false);
            setConfirmationSent(true);
          }}
        />
      ) : null}
    </AccountSection>
  );
}
