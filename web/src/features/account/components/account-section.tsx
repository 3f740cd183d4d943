import type { ReactNode } from 'react';
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
