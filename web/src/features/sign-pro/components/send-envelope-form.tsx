import {
  defaultTemplateOf,
  deliveryMethodLabels,
  deliveryMethods,
  type EnvelopeAnswer,
  type EnvelopeSendForm,
  type EnvelopeSendInput,
  type EnvelopeType,
  envelopeSendSchema,
  templateIds,
  templateLabels,
  templateTypes,
  US_PHONE_HINT,
} from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, MessageSquare, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { submitFailed } from '../../../components/board/submit-failed';
import { Button } from '../../../components/ui/button';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useSendEnvelope } from '../api/send-envelope';
import { formatUsPhone } from '../format';

type Fields = {
  type: EnvelopeType;
  deliveryMethod: 'email' | 'SMS';
  receiverName: string;
  receiverEmail: string;
  receiverPhoneNumber: string;
  templateId: NonNullable<EnvelopeSendForm['templateId']>;
};

const formFields = [
  'deliveryMethod',
  'receiverName',
  'receiverEmail',
  'receiverPhoneNumber',
  'templateId',
] as const satisfies readonly (keyof Fields)[];

const methodIcons = { email: Mail, SMS: MessageSquare } as const;

export interface SendEnvelopeFormProps {
  type: EnvelopeType;
  cancel: ReactNode;
  onSent: (envelope: EnvelopeAnswer) => void;
}

/** The onboarding form: who receives which agreement, by e-mail or by SMS. */
export function SendEnvelopeForm({ type, cancel, onSent }: SendEnvelopeFormProps) {
  const send = useSendEnvelope();
  const templates = templateIds.filter((id) => templateTypes[id] === type);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Fields, unknown, EnvelopeSendInput>({
    resolver: zodResolver(envelopeSendSchema) as unknown as Resolver<Fields, unknown, EnvelopeSendInput>,
    defaultValues: {
      type,
      deliveryMethod: 'email',
      receiverName: '',
      receiverEmail: '',
      receiverPhoneNumber: '',
      templateId: defaultTemplateOf[type],
    },
    mode: 'onTouched',
  });
  const method = watch('deliveryMethod');
  const id = (name: keyof Fields) => `envelope-${name}`;
  const error = (name: keyof Fields) => errors[name]?.message;
  const bind = (name: keyof Fields, hint?: string) => ({
    ...fieldControlProps(id(name), error(name), hint),
    ...register(name),
  });

  const choose = (next: 'email' | 'SMS') => {
    if (next === method) return;
    setValue('deliveryMethod', next, { shouldDirty: true });
    // Only the channel used is sent: what was typed in the other one is dropped with its message.
    setValue(next === 'email' ? 'receiverPhoneNumber' : 'receiverEmail', '');
    clearErrors(['receiverEmail', 'receiverPhoneNumber']);
  };

  const submit = handleSubmit(async (values) => {
    try {
      const envelope = await send.mutateAsync(values);
      const contact =
        envelope.deliveryMethod === 'SMS'
          ? formatUsPhone(envelope.receiverPhoneNumber ?? '')
          : (envelope.receiverEmail ?? '');
      toast.success(`${templateLabels[envelope.templateId]} sent to ${envelope.receiverName}`, {
        description: `By ${deliveryMethodLabels[envelope.deliveryMethod].toLowerCase()} to ${contact}.`,
      });
      onSent(envelope);
    } catch (failure) {
      submitFailed(failure, formFields, setError);
    }
  });

  const hint = method === 'SMS' ? US_PHONE_HINT : undefined;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Send by</legend>
        <div
          role="radiogroup"
          aria-label="Send by"
          className="inline-flex w-fit rounded-lg border border-border bg-muted/60 p-1"
        >
          {deliveryMethods.map((option) => {
            const Icon = methodIcons[option];
            const on = method === option;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a segmented switch; the radios' role and state are set
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={on}
                onClick={() => choose(option)}
                className={cn(
                  'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors [&_svg]:size-4',
                  on
                    ? 'bg-card text-foreground shadow-xs ring-1 ring-border'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <Icon aria-hidden />
                {deliveryMethodLabels[option]}
              </button>
            );
          })}
        </div>
        {error('deliveryMethod') ? (
          <p className="text-xs font-medium text-destructive">{error('deliveryMethod')}</p>
        ) : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('receiverName')} label="Receiver name" error={error('receiverName')}>
          <Input autoComplete="off" maxLength={50} {...bind('receiverName')} />
        </Field>
        {method === 'email' ? (
          <Field id={id('receiverEmail')} label="Receiver email" error={error('receiverEmail')}>
            <Input type="email" autoComplete="off" maxLength={50} {...bind('receiverEmail')} />
          </Field>
        ) : (
          <Field
            id={id('receiverPhoneNumber')}
            label="Receiver phone"
            hint={hint}
            error={error('receiverPhoneNumber')}
          >
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="3125550100"
              {...bind('receiverPhoneNumber', hint)}
            />
          </Field>
        )}
        <Field id={id('templateId')} label="Agreement" error={error('templateId')} className="sm:col-span-2">
          <Select {...bind('templateId')}>
            {templates.map((template) => (
              <option key={template} value={template}>
                {templateLabels[template]}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <p className="text-sm text-muted-foreground">
        {method === 'email'
          ? 'The receiver gets an e-mail with a link to read and sign the agreement on any device.'
          : 'The receiver gets a text message with a link to read and sign the agreement on their phone.'}{' '}
        Reminders go out on their own until it is signed or the link expires.
      </p>

      <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="text-primary-foreground" decorative /> : <Send aria-hidden />}
          Send for signature
        </Button>
      </div>
    </form>
  );
}
