import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  neutral: 'bg-muted text-muted-foreground',
  success: 'bg-success/12 text-success',
  info: 'bg-primary/10 text-primary',
} as const;

export function Badge({ className, tone = 'neutral', ...props }: ComponentProps<'span'> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', tones[tone], className)}
      {...props}
    />
  );
}
