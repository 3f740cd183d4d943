import {
  directionLabels,
  directions,
  type TruckInput,
  type truckCreateSchema,
  type truckEditSchema,
} from '@dispatch/domain';
import { FormActions, FormSection } from '../../../components/board/posting-form-layout';
import { type PostingFormProps, usePostingForm } from '../../../components/board/use-posting-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import {
  AvailabilityDateField,
  DispatcherFields,
  NotesField,
  PlaceFields,
  TrailerTypeField,
} from '../../postings';
import { type TruckFormFields, truckFormFields } from '../truck-form-values';

export type TruckFormProps = PostingFormProps<
  typeof truckCreateSchema | typeof truckEditSchema,
  TruckFormFields,
  TruckInput
>;

/** The one truck form, used by post and edit. */
export function TruckForm({ schema, defaultValues, submitLabel, onSubmit, cancel, notice }: TruckFormProps) {
  const { form, submit, isSubmitting, fieldId, error, control, kit } = usePostingForm<
    TruckFormFields,
    TruckInput
  >({ schema, defaultValues, formFields: truckFormFields, idPrefix: 'truck', onSubmit });
  const { register, watch } = form;

  const truckState = watch('truckState');
  const truckCity = watch('truckCity');
  const preferedState = watch('preferedState');
  const preferedCity = watch('preferedCity');

  return (
    <form onSubmit={submit} noValidate className="flex flex-col">
      {notice}
      <FormSection title="Truck" description="What is on offer and who runs it.">
        <TrailerTypeField kit={kit} />
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
      </FormSection>

      <FormSection title="Location" description="Where the truck is now and where it would like to head.">
        <PlaceFields
          kit={kit}
          fields={{ state: 'truckState', city: 'truckCity' }}
          labels={{ state: 'State', city: 'City' }}
          values={{ state: truckState, city: truckCity }}
        />
        <PlaceFields
          kit={kit}
          fields={{ state: 'preferedState', city: 'preferedCity' }}
          labels={{ state: 'Preferred state', city: 'Preferred city' }}
          values={{ state: preferedState, city: preferedCity }}
          optional
        />
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
      </FormSection>

      <FormSection title="Availability" description="When the truck can load, and whether it is open now.">
        <AvailabilityDateField kit={kit} />
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
      </FormSection>

      <FormSection title="Dispatcher" description="Who carriers and brokers should call about this truck.">
        <DispatcherFields kit={kit} />
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
              placeholder="(312) 555-0199"
              {...control('dispatcherMobileNumber', '10 digits')}
              {...register('dispatcherMobileNumber')}
            />
          </Field>
        </div>
      </FormSection>

      <FormSection title="Notes" description="Anything a dispatcher should know before calling.">
        <NotesField kit={kit} />
      </FormSection>

      <FormActions cancel={cancel} submitLabel={submitLabel} submitting={isSubmitting} />
    </form>
  );
}
