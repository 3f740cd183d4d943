import {
  type ActiveMemberView,
  type InvitationRole,
  type InviteMemberInput,
  invitationRoles,
  inviteMemberSchema,
  memberRoleLabels,
} from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog';
import { Field, fieldControlProps, InputField } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { isApiError } from '../../../lib/api-client';
import { fieldBinder } from '../../../lib/form-fields';
import { useInviteMember } from '../api/member-commands';

interface InviteFields {
  email: string;
  role: InvitationRole;
}

/** Invites someone by e-mail; the mail carries the link that lets them join (or sign up and join). */
export function InviteMemberDialog({
  viewer,
  organizationName,
}: {
  viewer: ActiveMemberView;
  organizationName: string;
}) {
  const [open, setOpen] = useState(false);
  const invite = useInviteMember();
  const roles = invitationRoles.filter((role) => role !== 'owner' || viewer.role === 'owner');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteFields, unknown, InviteMemberInput>({
    resolver: zodResolver(inviteMemberSchema) as unknown as Resolver<
      InviteFields,
      unknown,
      InviteMemberInput
    >,
    defaultValues: { email: '', role: 'member' },
  });
  const field = fieldBinder(register, errors);

  const submit = async (values: InviteMemberInput) => {
    try {
      const result = await invite.mutateAsync({ email: values.email, role: values.role });
      if (result.emailSent) toast.success(`Invitation sent to ${values.email}`);
      else
        toast.warning(
          `The invitation to ${values.email} is saved, but the e-mail could not be sent. Use Resend.`,
        );
      reset();
      setOpen(false);
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        for (const field of ['email', 'role'] as const) {
          const message = error.fieldErrors[field]?.[0];
          if (message) setError(field, { type: 'server', message });
        }
        return;
      }
      if (isApiError(error) && error.status === 409)
        setError('email', { type: 'server', message: error.message });
      else toast.error(error instanceof Error ? error.message : 'Could not send the invitation');
    }
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <UserPlus aria-hidden />
          Invite member
        </Button>
      }
      title="Invite a member"
      description={`They get an e-mail with a link to join ${organizationName}. The link is valid for 48 hours.`}
      onSubmit={handleSubmit(submit)}
    >
      <InputField
        label="Email"
        type="email"
        autoComplete="off"
        autoFocus
        {...field('email', 'invite-email')}
      />
      <Field id="invite-role" label="Role" error={errors.role?.message}>
        <Select {...fieldControlProps('invite-role', errors.role?.message)} {...register('role')}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {memberRoleLabels[role]}
            </option>
          ))}
        </Select>
      </Field>
      <DialogActions label="Send invitation" pending={isSubmitting} />
    </DialogFrame>
  );
}
