import { toast } from 'sonner';
import { isApiError } from '../../lib/api-client';
import { splitFieldErrors } from '../../lib/form-errors';

/**
 * A truck or load form's failed submit: a 400 puts the server's messages on the fields (focusing
 * the first); what no field shows, and any other failure, becomes a toast.
 */
export function submitFailed<Field extends string>(
  error: unknown,
  formFields: readonly Field[],
  setError: (
    field: Field,
    error: { type: string; message: string },
    options: { shouldFocus: boolean },
  ) => void,
): void {
  if (isApiError(error) && error.status === 400) {
    const { fields, other } = splitFieldErrors(error.fieldErrors, formFields);
    fields.forEach(([field, message], index) => {
      setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
    });
    // Messages that have a field are shown on it; only the rest need a toast.
    if (other.length || !fields.length) toast.error(other[0] ?? error.message);
    return;
  }
  toast.error(error instanceof Error ? error.message : 'Something went wrong');
}
