import {
  directionLabels,
  directions,
  type TruckInput,
  trailerTypeLabels,
  trailerTypes,
  type truckCreateSchema,
  type truckEditSchema,
  usStates,
} from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type Resolver, type SubmitHandler, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { splitFieldErrors } from '../../../lib/form-errors';
import {
  cityOptions,
  type TruckFormField,
  type TruckFormFields,
  truckFormFields,
} from '../truck-form-values';

export type DirtyTruckFields = Partial<Record<TruckFormField, boolean | undefined>>;

export interface TruckFormProps {
  /** `truckCreateSchema` when posting, `truckEditSchema` when editing: the rules are the domain's. */
  schema: typeof truckCreateSchema | typeof truckEditSchema;
  defaultValues: TruckFormFields;
  submitLabel: string;
  /** Resolves when done; a rejection with a 400 puts the server's messages on the fields. */
  onSubmit: (values: TruckInput, dirty: DirtyTruckFields) => Promise<void>;
  cancel: ReactNode;
  notice?: ReactNode;
}

const fieldId = (name: TruckFormField) => `truck-${name}`;

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-x-8 gap-y-4 border-b border-border py-6 last:border-0 md:grid-cols-[14rem_1fr]">
      <div>
        <h2 className="text-sm font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** The one truck form, used by post and edit. */
export function TruckForm({ schema, defaultValues, submitLabel, onSubmit, cancel, notice }: TruckFormProps) {
  const form = useForm<TruckFormFields, unknown, TruckInput>({
    resolver: zodResolver(schema) as unknown as Resolver<TruckFormFields, unknown, TruckInput>,
    defaultValues,
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting, dirtyFields },
  } = form;

  const truckState = watch('truckState');
  const truckCity = watch('truckCity');
  const preferedState = watch('preferedState');
  const preferedCity = watch('preferedCity');

  const submit: SubmitHandler<TruckInput> = async (values) => {
    try {
      await onSubmit(values, dirtyFields as DirtyTruckFields);
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        const { fields, other } = splitFieldErrors(error.fieldErrors, truckFormFields);
        fields.forEach(([field, message], index) => {
          setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
        });
        // Messages that have a field are shown on it; only the rest need a toast.
        if (other.length || !fields.length) toast.error(other[0] ?? error.message);
        return;
      }
      toast.error(error instanceof Error ? error.message : 'Something went wrong');
    }
  };

  const control = (name: TruckFormField, hint?: string) =>
    fieldControlProps(fieldId(name), errors[name]?.message, hint);
  const error = (name: TruckFormField) => errors[name]?.message;

  // A city belongs to its state: choosing another state clears a city it does not have.
  const onStateChange = (
    stateField: 'truckState' | 'preferedState',
    cityField: 'truckCity' | 'preferedCity',
  ) =>
    register(stateField, {
      onChange: (event: { target: { value: string } }) => {
        const city = form.getValues(cityField);
        if (city && !cityOptions(event.target.value).includes(city)) {
          setValue(cityField, '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
        }
      },
    });

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col">
      {notice}
      <Section title="Truck" description="What is on offer and who runs it.">
        <Field id={fieldId('trailerType')} label="Trailer type" error={error('trailerType')}>
          <Select {...control('trailerType')} {...register('trailerType')}>
            <option value="">Select a trailer type</option>
            {trailerTypes.map((type) => (
              <option key={type} value={type}>
                {trailerTypeLabels[type]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={fieldId('truckName')} label="Truck name" error={error('truckName')}>
          <Input autoComplete="off" {...control('truckName')} {...register('truckName')} />
        </Field>
        <Field id={fieldId('companyName')} label="Company name" hint="Optional" error={error('companyName')}>
          <Input
            autoComplete="organization"
            {...control('companyName', 'Optional')}
            {...register('companyName')}
          />
        </Field>
        <Field id={fieldId('unitNumber')} label="Unit number" hint="Optional" error={error('unitNumber')}>
          <Input autoComplete="off" {...control('unitNumber', 'Optional')} {...register('unitNumber')} />
        </Field>
      </Section>

      <Section title="Location" description="Where the truck is now and where it would like to head.">
        <Field id={fieldId('truckState')} label="State" error={error('truckState')}>
          <Select {...control('truckState')} {...onStateChange('truckState', 'truckCity')}>
            <option value="">Select a state</option>
            {usStates.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={fieldId('truckCity')} label="City" error={error('truckCity')}>
          <Select {...control('truckCity')} disabled={!truckState} {...register('truckCity')}>
            <option value="">{truckState ? 'Select a city' : 'Select a state first'}</option>
            {cityOptions(truckState, truckCity).map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={fieldId('preferedState')}
          label="Preferred state"
          hint="Optional"
          error={error('preferedState')}
        >
          <Select
            {...control('preferedState', 'Optional')}
            {...onStateChange('preferedState', 'preferedCity')}
          >
            <option value="">Any state</option>
            {usStates.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={fieldId('preferedCity')}
          label="Preferred city"
          hint="Optional"
          error={error('preferedCity')}
        >
          <Select
            {...control('preferedCity', 'Optional')}
            disabled={!preferedState}
            {...register('preferedCity')}
          >
            <option value="">Any city</option>
            {cityOptions(preferedState, preferedCity).map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={fieldId('direction')} label="Direction" hint="Optional" error={error('direction')}>
          <Select {...control('direction', 'Optional')} {...register('direction')}>
            <option value="">Any direction</option>
            {directions.map((direction) => (
              <option key={direction} value={direction}>
                {directionLabels[direction]}
              </option>
            ))}
          </Select>
        </Field>
      </Section>

      <Section title="Availability" description="When the truck can load, and whether it is open now.">
        <Field id={fieldId('availabilityDate')} label="Availability date" error={error('availabilityDate')}>
          <Input type="date" {...control('availabilityDate')} {...register('availabilityDate')} />
        </Field>
        <div className="flex flex-col gap-1.5">
          <span aria-hidden className="hidden text-sm leading-none sm:block">
            &nbsp;
          </span>
          <div
            className={cn(
              'flex h-9 items-center gap-2.5 rounded-md border border-input bg-card px-3 shadow-xs',
              error('status') && 'border-destructive',
            )}
          >
            <Checkbox {...control('status')} {...register('status')} />
            <Label htmlFor={fieldId('status')} className="cursor-pointer">
              Available
            </Label>
          </div>
          {error('status') ? <p className="text-xs font-medium text-destructive">{error('status')}</p> : null}
        </div>
      </Section>

      <Section title="Dispatcher" description="Who carriers and brokers should call about this truck.">
        <Field id={fieldId('dispatcherName')} label="Dispatcher name" error={error('dispatcherName')}>
          <Input autoComplete="name" {...control('dispatcherName')} {...register('dispatcherName')} />
        </Field>
        <Field id={fieldId('dispatcherEmail')} label="Dispatcher email" error={error('dispatcherEmail')}>
          <Input
            type="email"
            autoComplete="email"
            {...control('dispatcherEmail')}
            {...register('dispatcherEmail')}
          />
        </Field>
        <div className="grid grid-cols-[6rem_1fr] gap-3 sm:col-span-2 sm:grid-cols-[7rem_1fr]">
          <Field
            id={fieldId('dispatcherCountryCode')}
            label="Country code"
            error={error('dispatcherCountryCode')}
          >
            <Input
              inputMode="tel"
              autoComplete="tel-country-code"
              {...control('dispatcherCountryCode')}
              {...register('dispatcherCountryCode')}
            />
          </Field>
          <Field
            id={fieldId('dispatcherMobileNumber')}
            label="Dispatcher phone"
            hint="10 digits"
            error={error('dispatcherMobileNumber')}
          >
            <Input
              type="tel"
              autoComplete="tel-national"
              placeholder="5551234567"
              {...control('dispatcherMobileNumber', '10 digits')}
              {...register('dispatcherMobileNumber')}
            />
          </Field>
        </div>
      </Section>

      <Section title="Notes" description="Anything a dispatcher should know before calling.">
        <Field
          id={fieldId('notes')}
          label="Notes"
          hint="Optional"
          error={error('notes')}
          className="sm:col-span-2"
        >
          <Textarea rows={4} {...control('notes', 'Optional')} {...register('notes')} />
        </Field>
      </Section>

      <div className="flex items-center justify-end gap-2 pt-6">
        {cancel}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="text-primary-foreground" decorative /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
