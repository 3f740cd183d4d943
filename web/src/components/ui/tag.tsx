import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  muted: 'bg-muted text-muted-foreground',
  success: 'bg-success/10 text-success',
  warning: 'bg-amber-500/15 text-amber-800 dark:text-amber-400',
  danger: 'bg-destructive/10 text-destructive',
} as const;

export type TagTone = keyof typeof tones;

/** A small rounded label: a scope, a status. */
export function Tag({
  tone = 'muted',
  title,
  className,
  children,
}: {
  tone?: TagTone;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      title={title}
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
