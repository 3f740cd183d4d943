import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Label({ className, htmlFor, children, ...props }: ComponentProps<'label'>) {
  return (
    <label
      htmlFor={htmlFor}
      className={cn('text-sm font-medium leading-none text-foreground', className)}
      {...props}
    >
      {children}
    </label>
  );
}
