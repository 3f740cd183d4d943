import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { fieldControlProps } from '../ui/field';
import { submitFailed } from './submit-failed';

export type DirtyFields<Field extends string> = Partial<Record<Field, boolean | undefined>>;

/** What the post and edit screens give a truck or load form. */
export interface PostingFormProps<Schema, Fields extends FieldValues, Input> {
  /** The create schema when posting, the edit schema when editing: the rules are the domain's. */
  schema: Schema;
  defaultValues: Fields;
  submitLabel: string;
  /** Resolves when done; a rejection with a 400 puts the server's messages on the fields. */
  onSubmit: (values: Input, dirty: DirtyFields<Path<Fields>>) => Promise<void>;
  cancel: ReactNode;
  notice?: ReactNode;
}

export interface PostingFormOptions<Fields extends FieldValues, Input extends FieldValues> {
  /** The domain's create or edit schema: the form checks what the API checks. */
  schema: z.ZodType;
  defaultValues: Fields;
  /** Every field the form shows, so a 400's messages land on them. */
  formFields: readonly Path<Fields>[];
  /** Prefixes the fields' ids, e.g. `truck` gives `truck-truckName`. */
  idPrefix: string;
  /** Resolves when done; a rejection with a 400 puts the server's messages on the fields. */
  onSubmit: (values: Input, dirty: DirtyFields<Path<Fields>>) => Promise<void>;
}

/** The state, submit and field wiring the truck and load forms share; each lays out its own fields. */
export function usePostingForm<Fields extends FieldValues, Input extends FieldValues>({
  schema,
  defaultValues,
  formFields,
  idPrefix,
  onSubmit,
}: PostingFormOptions<Fields, Input>) {
  const form = useForm<Fields, unknown, Input>({
    resolver: zodResolver(schema as never) as unknown as Resolver<Fields, unknown, Input>,
    defaultValues: defaultValues as DefaultValues<Fields>,
    mode: 'onTouched',
  });
  const {
    register,
    setValue,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = form;

  const fieldId = (name: Path<Fields>) => `${idPrefix}-${name}`;
  const error = (name: Path<Fields>) => errors[name]?.message as string | undefined;
  const control = (name: Path<Fields>, hint?: string) => fieldControlProps(fieldId(name), error(name), hint);

  const bind = (name: Path<Fields>, hint?: string) => ({ ...control(name, hint), ...register(name) });

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values, dirtyFields as unknown as DirtyFields<Path<Fields>>);
    } catch (failure) {
      submitFailed(failure, formFields, setError);
    }
  });

  // A city belongs to its state: choosing another state clears the city.
  const onStateChange = (stateField: Path<Fields>, cityField: Path<Fields>) =>
    register(stateField, {
      onChange: () => {
        if (!form.getValues(cityField)) return;
        setValue(cityField, '' as PathValue<Fields, Path<Fields>>, {
          shouldDirty: true,
          shouldValidate: form.formState.isSubmitted,
        });
      },
    });

  // A place picked from the city suggestions, checked at once if the field showed a message.
  const pick = (cityField: Path<Fields>, name: string) =>
    setValue(cityField, name as PathValue<Fields, Path<Fields>>, {
      shouldDirty: true,
      shouldTouch: true,
      shouldValidate: form.formState.isSubmitted || Boolean(errors[cityField]),
    });

  // `kit` wires the shared fields of board/posting-fields.
  const kit = { fieldId, error, control, bind, onStateChange, pick };
  return { form, submit, isSubmitting, fieldId, error, control, kit };
}
