import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

/** One titled group of a truck or load form: the heading on the left, the fields in two columns. */
export function FormSection({
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

/** The foot of a truck or load form: the way back and the submit button. */
export function FormActions({
  cancel,
  submitLabel,
  submitting,
}: {
  cancel: ReactNode;
  submitLabel: string;
  submitting: boolean;
}) {
  return (
    <div className="flex items-center justify-end gap-2 pt-6">
      {cancel}
      <Button type="submit" disabled={submitting}>
        {submitting ? <Spinner className="text-primary-foreground" decorative /> : null}
        {submitLabel}
      </Button>
    </div>
  );
}
