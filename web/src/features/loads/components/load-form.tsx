import {
  type LoadInput,
  type loadCreateSchema,
  type loadEditSchema,
  productLabels,
  products,
  rateUnitLabels,
  rateUnits,
} from '@dispatch/domain';
import { FormActions, FormSection } from '../../../components/board/posting-form-layout';
import { type PostingFormProps, usePostingForm } from '../../../components/board/use-posting-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import {
  AvailabilityDateField,
  DispatcherFields,
  NotesField,
  PlaceFields,
  TrailerTypeField,
} from '../../postings';
import { type LoadFormFields, loadFormFields } from '../load-form-values';

export type LoadFormProps = PostingFormProps<
  typeof loadCreateSchema | typeof loadEditSchema,
  LoadFormFields,
  LoadInput
>;

/** The one load form, used by post and edit. */
export function LoadForm({ schema, defaultValues, submitLabel, onSubmit, cancel, notice }: LoadFormProps) {
  const { form, submit, isSubmitting, fieldId, error, control, kit } = usePostingForm<
    LoadFormFields,
    LoadInput
  >({ schema, defaultValues, formFields: loadFormFields, idPrefix: 'load', onSubmit });
  const { register, watch } = form;

  const originState = watch('originState');
  const originCity = watch('originCity');
  const destinationState = watch('destinationState');
  const destinationCity = watch('destinationCity');

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
            placeholder="(312) 555-0199"
            {...control(numberField, hint)}
            {...register(numberField)}
          />
        </Field>
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col">
      {notice}
      <FormSection title="Load" description="What is to be hauled, and on what.">
        <TrailerTypeField kit={kit} />
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
        <AvailabilityDateField kit={kit} />
      </FormSection>

      <FormSection title="Route" description="Where the load is picked up and where it goes.">
        <PlaceFields
          kit={kit}
          fields={{ state: 'originState', city: 'originCity' }}
          labels={{ state: 'Origin state', city: 'Origin city' }}
          values={{ state: originState, city: originCity }}
        />
        <PlaceFields
          kit={kit}
          fields={{ state: 'destinationState', city: 'destinationCity' }}
          labels={{ state: 'Destination state', city: 'Destination city' }}
          values={{ state: destinationState, city: destinationCity }}
        />
      </FormSection>

      <FormSection
        title="Rates"
        description="The agreed rates and their units. Leave a rate empty while it is not agreed."
      >
        <Field id={fieldId('rateForTitan')} label="Our rate" hint="Optional" error={error('rateForTitan')}>
          <Input
            type="number"
            inputMode="decimal"
            step="any"
            {...control('rateForTitan', 'Optional')}
            {...register('rateForTitan')}
          />
        </Field>
        <Field id={fieldId('rateForTitanUnit')} label="Our rate unit" error={error('rateForTitanUnit')}>
          <Select {...control('rateForTitanUnit')} {...register('rateForTitanUnit')}>
            {unitOptions}
          </Select>
        </Field>
        <Field
          id={fieldId('rateForCarrier')}
          label="Carrier rate"
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
          label="Carrier rate unit"
          error={error('rateForCarrierUnit')}
        >
          <Select {...control('rateForCarrierUnit')} {...register('rateForCarrierUnit')}>
            {unitOptions}
          </Select>
        </Field>
      </FormSection>

      <FormSection title="Customer" description="Who the freight belongs to. Optional.">
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
      </FormSection>

      <FormSection title="Dispatcher" description="Who carriers should call about this load.">
        <DispatcherFields kit={kit} />
        {phone('dispatcher', 'Dispatcher', false)}
      </FormSection>

      <FormSection title="Notes" description="Anything a carrier should know before calling.">
        <NotesField kit={kit} />
      </FormSection>

      <FormActions cancel={cancel} submitLabel={submitLabel} submitting={isSubmitting} />
    </form>
  );
}
