import { type ProfileNamesForm, profileNamesFormSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { splitFieldErrors } from '../../../lib/form-errors';
import type { SessionUser } from '../../auth';
import { useUpdateProfile } from '../api/update-profile';
import { AccountSection, SaveRow } from './account-section';

const fields = ['name', 'firstName', 'lastName'] as const;
type ProfileFields = Record<(typeof fields)[number], string>;

const toFields = (user: SessionUser): ProfileFields => ({
  name: user.name ?? '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
});

export function ProfileSection({ user }: { user: SessionUser }) {
  const updateProfile = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
  } = useForm<ProfileFields, unknown, ProfileNamesForm>({
    resolver: zodResolver(profileNamesFormSchema),
    defaultValues: toFields(user),
  });

  const submit = async (values: ProfileNamesForm) => {
    setFailure(null);
    setSaved(null);
    try {
      // Only what was edited: an untouched field is not rewritten.
      const changed = Object.fromEntries(
        fields.filter((field) => dirtyFields[field]).map((f) => [f, values[f]]),
      );
      const session = await updateProfile.mutateAsync(changed);
      reset(session ? toFields(session.user) : undefined);
      setSaved('Your profile has been saved.');
    } catch (error) {
      if (!isApiError(error)) return setFailure('Could not save the profile. Try again.');
      const { fields: messages, other } = splitFieldErrors(error.fieldErrors, fields);
      for (const [field, message] of messages) setError(field, { type: 'server', message });
      if (!messages.length || other.length) setFailure(other[0] ?? error.message);
    }
  };

  const control = (name: keyof ProfileFields) => ({
    ...fieldControlProps(`profile-${name}`, errors[name]?.message),
    ...register(name),
  });

  return (
    <AccountSection id="profile" title="Profile" description="How you appear to the people you work with.">
      <form onSubmit={handleSubmit(submit)} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormAlert message={failure} />
        </div>
        <Field id="profile-name" label="Display name" error={errors.name?.message} className="sm:col-span-2">
          <Input autoComplete="name" {...control('name')} />
        </Field>
        <Field id="profile-firstName" label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...control('firstName')} />
        </Field>
        <Field id="profile-lastName" label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...control('lastName')} />
        </Field>
        <SaveRow
          label="Save profile"
          pending={isSubmitting}
          disabled={isSubmitting || !isDirty}
          saved={saved}
          className="sm:col-span-2"
        />
      </form>
    </AccountSection>
  );
}
