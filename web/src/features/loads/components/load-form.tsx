import {
  type LoadInput,
  type loadCreateSchema,
  type loadEditSchema,
  productLabels,
  products,
  rateUnitLabels,
  rateUnits,
  trailerTypeLabels,
  trailerTypes,
  usStates,
} from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type Resolver, type SubmitHandler, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { splitFieldErrors } from '../../../lib/form-errors';
// The state → city lists are the trucks form's; both forms pick places the same way.
import { cityOptions } from '../../trucks/truck-form-values';
import { type LoadFormField, type LoadFormFields, loadFormFields } from '../load-form-values';

export type DirtyLoadFields = Partial<Record<LoadFormField, boolean | undefined>>;

export interface LoadFormProps {
  /** `loadCreateSchema` when posting, `loadEditSchema` when editing: the rules are the domain's. */
  schema: typeof loadCreateSchema | typeof loadEditSchema;
  defaultValues: LoadFormFields;
  submitLabel: string;
  /** Resolves when done; a rejection with a 400 puts the server's messages on the fields. */
  onSubmit: (values: LoadInput, dirty: DirtyLoadFields) => Promise<void>;
  cancel: ReactNode;
  notice?: ReactNode;
}

const fieldId = (name: LoadFormField) => `load-${name}`;

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

/** The one load form, used by post and edit. */
export function LoadForm({ schema, defaultValues, submitLabel, onSubmit, cancel, notice }: LoadFormProps) {
  const form = useForm<LoadFormFields, unknown, LoadInput>({
    resolver: zodResolver(schema) as unknown as Resolver<LoadFormFields, unknown, LoadInput>,
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

  const originState = watch('originState');
  const originCity = watch('originCity');
  const destinationState = watch('destinationState');
  const destinationCity = watch('destinationCity');

  const submit: SubmitHandler<LoadInput> = async (values) => {
    try {
      await onSubmit(values, dirtyFields as DirtyLoadFields);
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        const { fields, other } = splitFieldErrors(error.fieldErrors, loadFormFields);
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

  const control = (name: LoadFormField, hint?: string) =>
    fieldControlProps(fieldId(name), errors[name]?.message, hint);
  const error = (name: LoadFormField) => errors[name]?.message;

  // A city belongs to its state: choosing another state clears a city it does not have.
  const onStateChange = (
    stateField: 'originState' | 'destinationState',
    cityField: 'originCity' | 'destinationCity',
  ) =>
    register(stateField, {
      onChange: (event: { target: { value: string } }) => {
        const city = form.getValues(cityField);
        if (city && !cityOptions(event.target.value).includes(city)) {
          setValue(cityField, '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
        }
      },
    });

  const stateOptions = usStates.map((state) => (
    <option key={state} value={state}>
      {state}
    </option>
  ));
  const cities = (state: string, city: string) =>
    cityOptions(state, city).map((name) => (
      <option key={name} value={name}>
        {name}
      </option>
    ));
  const unitOptions = rateUnits.map((unit) => (
    <option key={unit} value={unit}>
      {rateUnitLabels[unit]}
    </option>
  ));

  const phone = (prefix: 'customer' | 'dispatcher', label: string, optional: boolean) => {
    const codeField = `${prefix}CountryCode` as const;
    const numberField = `${prefix}MobileNumber` as const;
    const hint = optional ? 'Optional, 10 digits' : '10 digits';
    return (
      <div className="grid grid-cols-[6rem_1fr] gap-3 sm:col-span-2 sm:grid-cols-[7rem_1fr]">
        <Field id={fieldId(codeField)} label={`${label} country code`} error={error(codeField)}>
          <Input inputMode="tel" autoComplete="off" {...control(codeField)} {...register(codeField)} />
        </Field>
        <Field id={fieldId(numberField)} label={`${label} phone`} hint={hint} error={error(numberField)}>
          <Input
            type="tel"
            autoComplete="off"
            placeholder="5551234567"
            {...control(numberField, hint)}
            {...register(numberField)}
          />
        </Field>
      </div>
    );
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col">
      {notice}
      <Section title="Load" description="What is to be hauled, and on what.">
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
        <Field id={fieldId('product')} label="Product" error={error('product')}>
          <Select {...control('product')} {...register('product')}>
            <option value="">Select a product</option>
            {products.map((product) => (
              <option key={product} value={product}>
                {productLabels[product]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={fieldId('availabilityDate')} label="Availability date" error={error('availabilityDate')}>
          <Input type="date" {...control('availabilityDate')} {...register('availabilityDate')} />
        </Field>
      </Section>

      <Section title="Route" description="Where the load is picked up and where it goes.">
        <Field id={fieldId('originState')} label="Origin state" error={error('originState')}>
          <Select {...control('originState')} {...onStateChange('originState', 'originCity')}>
            <option value="">Select a state</option>
            {stateOptions}
          </Select>
        </Field>
        <Field id={fieldId('originCity')} label="Origin city" error={error('originCity')}>
          <Select {...control('originCity')} disabled={!originState} {...register('originCity')}>
            <option value="">{originState ? 'Select a city' : 'Select a state first'}</option>
            {cities(originState, originCity)}
          </Select>
        </Field>
        <Field id={fieldId('destinationState')} label="Destination state" error={error('destinationState')}>
          <Select {...control('destinationState')} {...onStateChange('destinationState', 'destinationCity')}>
            <option value="">Select a state</option>
            {stateOptions}
          </Select>
        </Field>
        <Field id={fieldId('destinationCity')} label="Destination city" error={error('destinationCity')}>
          <Select
            {...control('destinationCity')}
            disabled={!destinationState}
            {...register('destinationCity')}
          >
            <option value="">{destinationState ? 'Select a city' : 'Select a state first'}</option>
            {cities(destinationState, destinationCity)}
          </Select>
        </Field>
      </Section>

      <Section
        title="Rates"
        description="The agreed rates and their units. Leave a rate empty while it is not agreed."
      >
        <Field
          id={fieldId('rateForTitan')}
          label="Rate for Titan"
          hint="Optional"
          error={error('rateForTitan')}
        >
          <Input
            type="number"
            inputMode="decimal"
            step="any"
            {...control('rateForTitan', 'Optional')}
            {...register('rateForTitan')}
          />
        </Field>
        <Field id={fieldId('rateForTitanUnit')} label="Rate for Titan unit" error={error('rateForTitanUnit')}>
          <Select {...control('rateForTitanUnit')} {...register('rateForTitanUnit')}>
            <option value="">Select a unit</option>
            {unitOptions}
          </Select>
        </Field>
        <Field
          id={fieldId('rateForCarrier')}
          label="Rate for carrier"
          hint="Optional"
          error={error('rateForCarrier')}
        >
          <Input
            type="number"
            inputMode="decimal"
            step="any"
            {...control('rateForCarrier', 'Optional')}
            {...register('rateForCarrier')}
          />
        </Field>
        <Field
          id={fieldId('rateForCarrierUnit')}
          label="Rate for carrier unit"
          error={error('rateForCarrierUnit')}
        >
          <Select {...control('rateForCarrierUnit')} {...register('rateForCarrierUnit')}>
            <option value="">Select a unit</option>
            {unitOptions}
          </Select>
        </Field>
      </Section>

      <Section title="Customer" description="Who the freight belongs to. Optional.">
        <Field
          id={fieldId('customerName')}
          label="Customer name"
          hint="Optional"
          error={error('customerName')}
        >
          <Input autoComplete="off" {...control('customerName', 'Optional')} {...register('customerName')} />
        </Field>
        <Field
          id={fieldId('customerEmail')}
          label="Customer email"
          hint="Optional"
          error={error('customerEmail')}
        >
          <Input
            type="email"
            autoComplete="off"
            {...control('customerEmail', 'Optional')}
            {...register('customerEmail')}
          />
        </Field>
        {phone('customer', 'Customer', true)}
      </Section>

      <Section title="Dispatcher" description="Who carriers should call about this load.">
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
        {phone('dispatcher', 'Dispatcher', false)}
      </Section>

      <Section title="Notes" description="Anything a carrier should know before calling.">
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
