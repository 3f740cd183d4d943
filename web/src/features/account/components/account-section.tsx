import type { ReactNode } from 'react';
import { BusyButton } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** One titled card of the account page; `labelledBy` names the region after its heading. */
export function AccountSection({
  id,
  title,
  description,
  tone = 'default',
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card className={cn(tone === 'danger' && 'border-destructive/40')}>
        <CardHeader>
          <CardTitle id={`${id}-title`} className={cn(tone === 'danger' && 'text-destructive')}>
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

/** A quiet confirmation under a form, read out when it appears. */
export function SavedNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="text-sm text-success">
      {message}
    </p>
  );
}

/** A section form's submit button, busy while it saves, with the confirmation beside it. */
export function SaveRow({
  label,
  pending,
  disabled = pending,
  saved,
  className,
}: {
  label: string;
  pending: boolean;
  disabled?: boolean;
  saved: string | null;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-center gap-3', className)}>
      <BusyButton type="submit" disabled={disabled} pending={pending}>
        {label}
      </BusyButton>
      <SavedNote message={saved} />
    </div>
  );
}
