import { type ProfileNamesForm, profileNamesFormSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { splitFieldErrors } from '../../../lib/form-errors';
import { fieldBinder } from '../../../lib/form-fields';
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
  const field = fieldBinder(register, errors);

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

  return (
    <AccountSection id="profile" title="Profile" description="How you appear to the people you work with.">
      <form onSubmit={handleSubmit(submit)} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormAlert message={failure} />
        </div>
        <InputField
          label="Display name"
          fieldClassName="sm:col-span-2"
          autoComplete="name"
          {...field('name', 'profile-name')}
        />
        <InputField
          label="First name"
          autoComplete="given-name"
          {...field('firstName', 'profile-firstName')}
        />
        <InputField label="Last name" autoComplete="family-name" {...field('lastName', 'profile-lastName')} />
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
