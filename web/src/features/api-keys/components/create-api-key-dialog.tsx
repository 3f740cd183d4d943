import {
  API_KEY_NAME_MAX,
  type ApiKeyCreatedAnswer,
  type ApiKeyCreateInput,
  type ApiKeyScope,
  apiKeyCreateSchema,
  apiKeyScopeLabels,
  apiKeyScopes,
} from '@dispatch/domain';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { DialogActions, DialogFooter, DialogFrame } from '../../../components/ui/dialog';
import { Field, fieldControlProps, InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { OneTimeSecret } from '../../../components/ui/one-time-secret';
import { isApiError } from '../../../lib/api-client';
import { useDates } from '../../../lib/organization-dates';
import { useCreateApiKey } from '../api/create-api-key';
import { expiryOf, todayIn } from '../expiry';

/** What each scope lets a key call, under its label. */
export const scopeDescriptions: Record<ApiKeyScope, string> = {
  'postings:read': 'Trucks and loads, radius search, cities; posting events in the feed',
  'postings:write': 'Post, edit and remove trucks and loads',
  envelopes: 'Sign-pro envelopes: list, send, void, resend; envelope events in the feed',
  webhooks: 'Webhook endpoints and their deliveries',
  activity: 'The activity log; member and saved-search events in the feed',
};

interface KeyFields {
  name: string;
  scopes: ApiKeyScope[];
  /** The day the key stops working at its end (YYYY-MM-DD), or empty for never. */
  expiresOn: string;
}

/**
 * The form's fields read with the domain's schema: the expiry day becomes the instant it ends in the
 * organization's time zone, and a refusal of that instant is shown under the day.
 */
export function keyFieldsResolver(timeZone: string): Resolver<KeyFields, unknown, ApiKeyCreateInput> {
  return async (values) => {
    const parsed = apiKeyCreateSchema.safeParse({
      name: values.name,
      scopes: values.scopes,
      expiresAt: expiryOf(values.expiresOn, timeZone),
    });
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<KeyFields> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'expiresAt' ? 'expiresOn' : issue.path[0];
      if ((field === 'name' || field === 'scopes' || field === 'expiresOn') && !errors[field])
        errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}

function KeyForm({ onCreated }: { onCreated: (created: ApiKeyCreatedAnswer) => void }) {
  const { timeZone } = useDates();
  const create = useCreateApiKey();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<KeyFields, unknown, ApiKeyCreateInput>({
    resolver: keyFieldsResolver(timeZone),
    defaultValues: { name: '', scopes: [], expiresOn: '' },
  });

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(input));
    } catch (error) {
      if (!isApiError(error)) return setFailure('Could not create the key. Try again.');
      let placed = false;
      for (const [field, name] of [
        ['name', 'name'],
        ['scopes', 'scopes'],
        ['expiresAt', 'expiresOn'],
      ] as const) {
        const message = error.fieldErrors[field]?.[0];
        if (message) {
          setError(name, { type: 'server', message });
          placed = true;
        }
      }
      if (!placed) setFailure(error.message);
    }
  });

  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <InputField
        id="api-key-name"
        label="Name"
        hint="Who or what uses it"
        autoComplete="off"
        autoFocus
        maxLength={API_KEY_NAME_MAX}
        error={errors.name?.message}
        {...register('name')}
      />
      <fieldset
        className="flex flex-col gap-2"
        aria-invalid={scopesError ? true : undefined}
        aria-describedby={scopesError ? 'api-key-scopes-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Scopes</legend>
        {apiKeyScopes.map((scope) => (
          <label key={scope} htmlFor={`api-key-scope-${scope}`} className="flex items-start gap-2.5 text-sm">
            <Checkbox
              id={`api-key-scope-${scope}`}
              value={scope}
              className="mt-0.5"
              {...register('scopes')}
            />
            <span className="min-w-0">
              <span className="font-medium">{apiKeyScopeLabels[scope]}</span>
              <span className="block text-xs text-muted-foreground">{scopeDescriptions[scope]}</span>
            </span>
          </label>
        ))}
        {scopesError ? (
          <p id="api-key-scopes-error" className="text-xs font-medium text-destructive">
            {scopesError}
          </p>
        ) : null}
      </fieldset>
      <Field
        id="api-key-expires"
        label="Expires on (optional)"
        hint={`Ends at midnight, ${timeZone}`}
        error={errors.expiresOn?.message}
      >
        <Input
          type="date"
          min={todayIn(timeZone)}
          {...fieldControlProps(
            'api-key-expires',
            errors.expiresOn?.message,
            `Ends at midnight, ${timeZone}`,
          )}
          {...register('expiresOn')}
        />
      </Field>
      <DialogActions label="Create key" pending={isSubmitting} />
    </form>
  );
}

/**
 * Makes a key: its name, its scopes and, if it should stop on its own, the day it expires. The secret
 * shows once, in this dialog, and is gone when it closes.
 */
export function CreateApiKeyDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreatedAnswer | null>(null);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Closed, the secret is forgotten: nothing can show it again.
    if (!next) setCreated(null);
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button>
          <KeyRound aria-hidden />
          Create key
        </Button>
      }
      title={created ? `${created.key.name} is ready` : 'Create an API key'}
      description={
        created
          ? 'Give this secret to the program that calls the API: it sends it as a Bearer token.'
          : 'A key calls the API on behalf of the organization, with the scopes you choose and nothing more.'
      }
      className="max-w-lg"
    >
      {created ? (
        <>
          <OneTimeSecret label="API key secret" secret={created.secret} />
          <DialogFooter>
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          </DialogFooter>
        </>
      ) : (
        <KeyForm onCreated={setCreated} />
      )}
    </DialogFrame>
  );
}
