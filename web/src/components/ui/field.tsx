import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';
import { Label } from './label';

export interface FieldProps {
  /** The id of the control this field labels. */
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  children: ReactNode;
}

/** A label tied to its control, an optional hint and the field's message. */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </span>
        ) : null}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes a control inside `Field` carries. */
export function fieldControlProps(id: string, error: string | undefined, hint?: string) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** A text input in its `Field`: the label, hint and message are tied to it; other props go to the input. */
export function InputField({
  id,
  label,
  error,
  hint,
  fieldClassName,
  ...props
}: Omit<FieldProps, 'children' | 'className'> & ComponentProps<'input'> & { fieldClassName?: string }) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <Input {...fieldControlProps(id, error, hint)} {...props} />
    </Field>
  );
}
