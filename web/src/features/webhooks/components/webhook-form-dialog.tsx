import {
  type FeedEventType,
  publicEventLabels,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  type WebhookAnswer,
  type WebhookInput,
  type WebhookSecretAnswer,
  webhookCreateSchema,
} from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { DialogActions, DialogFooter, DialogFrame } from '../../../components/ui/dialog';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { OneTimeSecret } from '../../../components/ui/one-time-secret';
import { isApiError } from '../../../lib/api-client';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { eventTypeGroups } from '../event-type-groups';

interface EndpointFields {
  url: string;
  description: string;
  eventTypes: FeedEventType[];
}

const fieldNames = ['url', 'description', 'eventTypes'] as const;

/** A group's own checkbox: on when all its types are, half on when some are; it turns them all on or off. */
function GroupCheckbox({
  id,
  label,
  chosen,
  total,
  onToggle,
}: {
  id: string;
  label: string;
  chosen: number;
  total: number;
  onToggle: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && chosen < total;
  }, [chosen, total]);
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
      <Checkbox
        ref={ref}
        id={id}
        checked={chosen === total}
        onChange={(event) => onToggle(event.target.checked)}
      />
      {label}
      <span className="text-xs font-normal text-muted-foreground tabular-nums">
        {chosen} of {total}
      </span>
    </label>
  );
}

/** The endpoint's address, description and event types; empty to add one, an endpoint's own to edit it. */
export function EndpointForm({
  endpoint,
  submitLabel,
  onSaved,
}: {
  endpoint?: WebhookAnswer;
  submitLabel: string;
  onSaved: (saved: { created?: WebhookSecretAnswer }) => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<EndpointFields, unknown, WebhookInput>({
    resolver: zodResolver(webhookCreateSchema) as unknown as Resolver<EndpointFields, unknown, WebhookInput>,
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      eventTypes: endpoint?.eventTypes ?? [],
    },
  });
  const chosen = watch('eventTypes') ?? [];

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, patch: input });
        onSaved({});
      } else onSaved({ created: await create.mutateAsync(input) });
    } catch (error) {
      if (!isApiError(error)) return setFailure('Could not save the endpoint. Try again.');
      let placed = false;
      for (const field of fieldNames) {
        const message = error.fieldErrors[field]?.[0];
        if (message) {
          setError(field, { type: 'server', message });
          placed = true;
        }
      }
      if (!placed) setFailure(error.message);
    }
  });

  const toggleGroup = (types: readonly FeedEventType[], on: boolean) => {
    const others = chosen.filter((type) => !types.includes(type));
    setValue('eventTypes', on ? [...others, ...types] : others, { shouldDirty: true, shouldValidate: true });
  };
  const typesError = errors.eventTypes?.message ?? errors.eventTypes?.root?.message;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <InputField
        id="webhook-url"
        label="URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/webhooks/dispatch"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        maxLength={WEBHOOK_URL_MAX}
        error={errors.url?.message}
        {...register('url')}
      />
      <InputField
        id="webhook-description"
        label="Description (optional)"
        autoComplete="off"
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        error={errors.description?.message}
        {...register('description')}
      />
      <fieldset
        className="flex flex-col gap-3"
        aria-invalid={typesError ? true : undefined}
        aria-describedby={typesError ? 'webhook-event-types-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Event types</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {eventTypeGroups.map((group) => (
            <div key={group.id} className="flex flex-col gap-1.5 rounded-md border border-border p-3">
              <GroupCheckbox
                id={`webhook-group-${group.id}`}
                label={group.label}
                chosen={group.types.filter((type) => chosen.includes(type)).length}
                total={group.types.length}
                onToggle={(on) => toggleGroup(group.types, on)}
              />
              <div className="flex flex-col gap-1 pl-6">
                {group.types.map((type) => (
                  <label
                    key={type}
                    htmlFor={`webhook-type-${type}`}
                    className="flex items-center gap-2 text-sm"
                  >
                    <Checkbox id={`webhook-type-${type}`} value={type} {...register('eventTypes')} />
                    <span className="min-w-0">
                      {publicEventLabels[type]}{' '}
                      <code className="font-mono text-xs text-muted-foreground">{type}</code>
                    </span>
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
        {typesError ? (
          <p id="webhook-event-types-error" className="text-xs font-medium text-destructive">
            {typesError}
          </p>
        ) : null}
      </fieldset>
      <DialogActions label={submitLabel} pending={isSubmitting} />
    </form>
  );
}

/** Adds an endpoint; its signing secret shows once, in this dialog, and is gone when it closes. */
export function AddEndpointDialog({ trigger }: { trigger: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<WebhookSecretAnswer | null>(null);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setCreated(null);
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={created ? 'Endpoint added' : 'Add an endpoint'}
      description={
        created
          ? `Deliveries to ${created.endpoint.url} are signed with this secret: check the webhook-signature header with it.`
          : 'Each event of the chosen types is sent to this URL as a signed POST, in order, retried until it is taken.'
      }
      className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
    >
      {created ? (
        <>
          <OneTimeSecret label="Signing secret" secret={created.secret} />
          <DialogFooter>
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          </DialogFooter>
        </>
      ) : (
        <EndpointForm submitLabel="Add endpoint" onSaved={({ created }) => setCreated(created ?? null)} />
      )}
    </DialogFrame>
  );
}

/** Changes an endpoint's address, description or event types. */
export function EditEndpointDialog({ endpoint, onClose }: { endpoint: WebhookAnswer; onClose: () => void }) {
  return (
    <DialogFrame
      open
      onClose={onClose}
      title="Edit endpoint"
      description="Events from now on go to the new address, with the chosen types; the signing secret stays."
      className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
    >
      <EndpointForm
        endpoint={endpoint}
        submitLabel="Save endpoint"
        onSaved={() => {
          toast.success('The endpoint has been saved');
          onClose();
        }}
      />
    </DialogFrame>
  );
}
