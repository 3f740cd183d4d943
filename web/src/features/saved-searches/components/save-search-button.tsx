import { type SavedSearchKind, savedSearchAlertSchema, savedSearchNameSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog';
import { InputField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { splitFieldErrors } from '../../../lib/form-errors';
import { useCreateSavedSearch } from '../api/create-saved-search';
import { describeSearch, type SearchParams, suggestedName } from '../saved-search-wording';

const saveSearchFormSchema = z.object({ name: savedSearchNameSchema, alert: savedSearchAlertSchema });
type SaveSearchFields = z.input<typeof saveSearchFormSchema>;
type SaveSearchValues = z.output<typeof saveSearchFormSchema>;

/**
 * "Save search": keeps what the page searches for (its address params; paging and order are not
 * kept) under a name, and optionally alerts when a posting newly matches, in the app and by e-mail.
 */
export function SaveSearchButton({
  kind,
  params: pageSearch,
  orgSlug,
  size = 'md',
}: {
  kind: SavedSearchKind;
  /** The page's search params: the board's filters, or the radius search. */
  params: object;
  orgSlug: string;
  /** The size of the page's other header buttons. */
  size?: 'sm' | 'md';
}) {
  const params = pageSearch as SearchParams;
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateSavedSearch();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SaveSearchFields, unknown, SaveSearchValues>({
    resolver: zodResolver(saveSearchFormSchema) as unknown as Resolver<
      SaveSearchFields,
      unknown,
      SaveSearchValues
    >,
    defaultValues: { name: '', alert: { inApp: true, email: false } },
  });
  const described = describeSearch(kind, params);

  const onOpenChange = (next: boolean) => {
    if (next) {
      reset({ name: suggestedName(kind, params), alert: { inApp: true, email: false } });
      setProblem(null);
    }
    setOpen(next);
  };

  const submit = async (values: SaveSearchValues) => {
    setProblem(null);
    try {
      await create.mutateAsync({ name: values.name, kind, params, alert: values.alert });
      toast.success(`Saved “${values.name}”`, {
        description:
          values.alert.inApp || values.alert.email ? 'You will be alerted to new matches.' : undefined,
      });
      setOpen(false);
    } catch (failure) {
      if (!isApiError(failure)) {
        setProblem('Could not save the search. Try again.');
        return;
      }
      const { fields, other } = splitFieldErrors(failure.fieldErrors, ['name'] as const);
      for (const [field, message] of fields) setError(field, { type: 'server', message });
      if (other.length || !fields.length) setProblem(other[0] ?? failure.message);
    }
  };

  const nameError = errors.name?.message;
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline" size={size}>
          <BookmarkPlus aria-hidden />
          Save search
        </Button>
      }
      title="Save this search"
      description={
        <>
          {described ? <span className="break-words">{described}. </span> : null}
          Open it again from{' '}
          <Link to="/$orgSlug/saved-searches" params={{ orgSlug }} className="underline underline-offset-2">
            Saved searches
          </Link>
          .
        </>
      }
      onSubmit={handleSubmit(submit)}
    >
      <InputField
        id="saved-search-name"
        label="Name"
        error={nameError}
        autoComplete="off"
        maxLength={60}
        {...register('name')}
      />
      <fieldset className="flex flex-col gap-2.5">
        <legend className="mb-2 text-sm font-medium">Alert me when a posting newly matches</legend>
        <label htmlFor="saved-search-in-app" className="flex items-center gap-2.5 text-sm">
          <Checkbox id="saved-search-in-app" {...register('alert.inApp')} />
          In the app (the bell)
        </label>
        <label htmlFor="saved-search-email" className="flex items-center gap-2.5 text-sm">
          <Checkbox id="saved-search-email" {...register('alert.email')} />
          By e-mail
        </label>
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
      <DialogActions label="Save search" pending={isSubmitting} />
    </DialogFrame>
  );
}
