import {
  organizationNameFormSchema,
  organizationPostingAgeFormSchema,
  organizationTimeZoneFormSchema,
} from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog';
import { Field, fieldControlProps, InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { isApiError } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { AccountSection, SaveRow } from '../../account';
import { useDeleteOrganization } from '../api/delete-organization';
import { activeMemberQueryOptions } from '../api/get-active-member';
import { activeOrganizationQueryOptions } from '../api/get-active-organization';
import { useUpdateOrganization } from '../api/update-organization';
import { guardNotices, noticeRedirect } from '../guard-notices';
import { canManageMembers } from '../members-search';
import { timeIn, timeZoneOptions } from '../time-zones';
import type { Organization } from '../types';
import { SettingsNav } from './settings-nav';

/** A server refusal on one field goes under it; anything else above the form. */
function applyFailure(
  error: unknown,
  field: string,
  setFieldError: (message: string) => void,
  setFailure: (message: string) => void,
) {
  if (!isApiError(error)) return setFailure('Could not save. Try again.');
  const message = error.fieldErrors?.[field]?.[0];
  if (message) setFieldError(message);
  else setFailure(error.message);
}

type Setting = 'name' | 'timeZone' | 'postingMaxAgeDays';

/**
 * One setting's form: it saves that setting alone and says so. A change by someone else arrives
 * live: the field follows unless it is being edited.
 */
function useSettingForm(
  setting: Setting,
  current: string,
  schema:
    | typeof organizationNameFormSchema
    | typeof organizationTimeZoneFormSchema
    | typeof organizationPostingAgeFormSchema,
  savedMessage: string,
) {
  const update = useUpdateOrganization();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<Partial<Record<Setting, string>>>({
    resolver: zodResolver(schema) as Resolver<Partial<Record<Setting, string>>>,
    defaultValues: { [setting]: current },
  });
  const { reset, setError, formState } = form;
  const { isDirty } = formState;
  useEffect(() => {
    if (!isDirty) reset({ [setting]: current });
  }, [setting, current, isDirty, reset]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSaved(null);
    const change = { [setting]: values[setting] };
    try {
      await update.mutateAsync(change);
      reset(change);
      setSaved(savedMessage);
    } catch (error) {
      applyFailure(error, setting, (message) => setError(setting, { type: 'server', message }), setFailure);
    }
  });
  return {
    register: form.register,
    watch: form.watch,
    submit,
    failure,
    error: formState.errors[setting]?.message,
    /** What the save button shows: busy, and unavailable until the field is changed. */
    saveRow: { pending: formState.isSubmitting, disabled: formState.isSubmitting || !isDirty, saved },
  };
}

function NameSection({ organization }: { organization: Organization }) {
  const setting = useSettingForm(
    'name',
    organization.name,
    organizationNameFormSchema,
    'The organization has been renamed.',
  );

  return (
    <AccountSection id="organization-name" title="Name" description="What everyone in the organization sees.">
      <form onSubmit={setting.submit} noValidate className="flex flex-col gap-4">
        <FormAlert message={setting.failure} />
        <InputField
          id="organization-name-input"
          label="Organization name"
          error={setting.error}
          autoComplete="organization"
          maxLength={60}
          {...setting.register('name')}
        />
        <SaveRow label="Save name" {...setting.saveRow} />
      </form>
    </AccountSection>
  );
}

function TimeZoneSection({ organization }: { organization: Organization }) {
  const now = useNow();
  const setting = useSettingForm(
    'timeZone',
    organization.timeZone,
    organizationTimeZoneFormSchema,
    'The time zone has been saved.',
  );
  const chosen = setting.watch('timeZone') ?? organization.timeZone;
  const options = timeZoneOptions(organization.timeZone);

  const local = timeIn(chosen, now);
  return (
    <AccountSection
      id="organization-time-zone"
      title="Time zone"
      description="The boards' “today” and “yesterday” and the overview's months are counted in it."
    >
      <form onSubmit={setting.submit} noValidate className="flex flex-col gap-4">
        <FormAlert message={setting.failure} />
        <Field
          id="organization-time-zone-select"
          label="Time zone"
          hint={local ? `Now: ${local}` : undefined}
          error={setting.error}
        >
          <Select
            {...fieldControlProps('organization-time-zone-select', setting.error, local || undefined)}
            {...setting.register('timeZone')}
          >
            <optgroup label="United States">
              {options.us.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="All time zones">
              {options.others.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          </Select>
        </Field>
        <p className="text-xs text-muted-foreground">
          Postings already on the board keep the day they were counted on until they are edited.
        </p>
        <SaveRow label="Save time zone" {...setting.saveRow} />
      </form>
    </AccountSection>
  );
}

function PostingAgeSection({ organization }: { organization: Organization }) {
  const setting = useSettingForm(
    'postingMaxAgeDays',
    String(organization.postingMaxAgeDays),
    organizationPostingAgeFormSchema,
    'The posting max age has been saved.',
  );
  return (
    <AccountSection
      id="organization-posting-age"
      title="Posting expiry"
      description="A truck or load leaves the live board this many days after its last refresh, or at the end of the day after its date if that comes first."
    >
      <form onSubmit={setting.submit} noValidate className="flex flex-col gap-4">
        <FormAlert message={setting.failure} />
        <InputField
          id="organization-posting-age-input"
          label="Posting max age (days)"
          hint="1 to 30 days. Counts for each posting from its next post, edit or refresh."
          error={setting.error}
          type="number"
          inputMode="numeric"
          min={1}
          max={30}
          {...setting.register('postingMaxAgeDays')}
        />
        <SaveRow label="Save max age" {...setting.saveRow} />
      </form>
    </AccountSection>
  );
}

function DeleteOrganizationDialog({
  organization,
  open,
  onOpenChange,
}: {
  organization: Organization;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteOrganization();
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = typed === organization.name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setFailure(null);
    try {
      await remove.mutateAsync(organization.id);
      toast.success(`${organization.name} has been deleted`);
      void navigate({ to: '/onboarding', replace: true });
    } catch (error) {
      setFailure(isApiError(error) ? error.message : 'Could not delete the organization. Try again.');
    }
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${organization.name}?`}
      description="Its boards, members, invitations and teams go for good, for everyone in it. This cannot be undone."
      onSubmit={submit}
    >
      <FormAlert message={failure} />
      <Field id="delete-organization-confirmation" label={`Type “${organization.name}” to confirm`}>
        <Input
          id="delete-organization-confirmation"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </Field>
      <DialogActions
        label="Delete organization"
        variant="destructive"
        pending={remove.isPending}
        disabled={!confirmed || remove.isPending}
      />
    </DialogFrame>
  );
}

function DeleteSection({ organization, mayDelete }: { organization: Organization; mayDelete: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <AccountSection
      id="delete-organization"
      title="Delete organization"
      tone="danger"
      description="Remove the organization and everything on its boards."
    >
      {mayDelete ? (
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete organization
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">Only an owner can delete the organization.</p>
      )}
      {open ? (
        <DeleteOrganizationDialog organization={organization} open={open} onOpenChange={setOpen} />
      ) : null}
    </AccountSection>
  );
}

/**
 * The organization's settings, for its owners and admins: its name, its time zone and (owners
 * only) its deletion. Anyone else is sent to the overview, as from the members page.
 */
export function SettingsPage({ organization }: { organization: Organization }) {
  const navigate = useNavigate();
  const { data: viewer } = useSuspenseQuery(activeMemberQueryOptions(organization.id));
  // The organization as it is now: a change by another admin arrives live.
  const { data: current } = useQuery(activeOrganizationQueryOptions(organization.id));
  const shown = current ?? organization;

  const mayManage = canManageMembers(viewer.role);
  useEffect(() => {
    if (mayManage) return;
    noticeRedirect(guardNotices.settings);
    void navigate({ to: '/$orgSlug/overview', params: { orgSlug: organization.slug }, replace: true });
  }, [mayManage, navigate, organization.slug]);
  if (!mayManage) return null;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          How {shown.name} is named and which day it counts in.
        </p>
      </div>
      <SettingsNav orgSlug={shown.slug} />
      <NameSection organization={shown} />
      <TimeZoneSection organization={shown} />
      <PostingAgeSection organization={shown} />
      <DeleteSection organization={shown} mayDelete={viewer.permissions.organization.includes('delete')} />
    </div>
  );
}
