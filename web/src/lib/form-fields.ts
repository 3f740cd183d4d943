import { type FieldErrors, type FieldValues, get, type Path, type UseFormRegister } from 'react-hook-form';

/**
 * Binds a form's fields to their controls: `field(name, id)` is what an `InputField` takes for one of
 * them (its id, the field's message and its registration).
 */
export function fieldBinder<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>, id: string) => ({
    id,
    error: get<FieldErrors<T>, { message?: string } | undefined>(errors, name)?.message,
    ...register(name),
  });
}
