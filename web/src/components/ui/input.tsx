import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

// Static classes with no conflict among them, joined as they are: merging them as the module loads
// would build tailwind-merge's table before the first screen is drawn.
export const controlClassName = [
  'w-full rounded-md border border-input bg-card px-3 text-sm text-foreground shadow-xs transition-colors',
  'placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30',
  'disabled:cursor-not-allowed disabled:opacity-60',
  'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25',
].join(' ');

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClassName, 'h-9', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClassName, 'min-h-24 py-2', className)} {...props} />;
}
