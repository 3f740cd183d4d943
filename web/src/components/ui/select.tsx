import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { controlClassName } from './input';

/** Width utilities (`w-36`, `sm:w-40`, `min-w-0`, `max-w-xs`, …), with or without variants. */
const WIDTH_CLASS = /^(?:[\w-]+:)*!?(?:w|min-w|max-w)-/;

/**
 * A native select: keyboard, screen readers, mobile pickers and `selectOption` in browser tests
 * all work as the platform intends, which a custom listbox would have to imitate. The chevron is
 * drawn over it, so the box and its wrapper must be one width: width classes size the wrapper and
 * the select fills it (a `w-36` select in a full-width wrapper left its chevron at the far edge).
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  const classes = (className ?? '').split(/\s+/).filter(Boolean);
  const width = classes.filter((name) => WIDTH_CLASS.test(name));
  const rest = classes.filter((name) => !WIDTH_CLASS.test(name));
  return (
    <div className={cn('relative', width)}>
      <select className={cn(controlClassName, 'h-9 w-full appearance-none pr-8', rest)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
