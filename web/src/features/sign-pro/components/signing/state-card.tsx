import type { ReactNode } from 'react';
import { Card } from '../../../../components/ui/card';

/** A closed, unknown or finished link: one calm card that says what happened. */
export function StateCard({
  icon,
  title,
  children,
  tone = 'muted',
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  tone?: 'muted' | 'success' | 'destructive';
}) {
  const tones = {
    muted: 'bg-muted text-muted-foreground',
    success: 'bg-success/15 text-success',
    destructive: 'bg-destructive/10 text-destructive',
  };
  return (
    <Card role="status" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className={`flex size-12 items-center justify-center rounded-full ${tones[tone]} [&_svg]:size-6`}>
        {icon}
      </span>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <div className="max-w-md text-sm text-muted-foreground">{children}</div>
    </Card>
  );
}
