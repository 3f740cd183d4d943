import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

const variants = {
  primary: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
  secondary: 'bg-muted text-foreground hover:bg-accent',
  outline: 'border border-input bg-card text-foreground shadow-xs hover:bg-accent',
  ghost: 'text-foreground hover:bg-accent',
  destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

const sizes = {
  sm: 'h-8 gap-1.5 rounded-md px-2.5 text-xs',
  md: 'h-9 gap-2 rounded-md px-3.5 text-sm',
  lg: 'h-10 gap-2 rounded-md px-5 text-sm',
  icon: 'size-8 rounded-md',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the single child (a link) with the button's look. */
  asChild?: boolean;
};

export function buttonClassName(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md') {
  return cn(
    'inline-flex shrink-0 cursor-pointer items-center justify-center whitespace-nowrap font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
  );
}

export function Button({ className, variant, size, asChild, type, ...props }: ButtonProps) {
  if (asChild) return <Slot.Root className={cn(buttonClassName(variant, size), className)} {...props} />;
  return (
    <button type={type ?? 'button'} className={cn(buttonClassName(variant, size), className)} {...props} />
  );
}

/**
 * A button whose action can be pending: a spinner shows meanwhile, and it is disabled unless told
 * otherwise. The spinner takes the colour of the button's text.
 */
export function BusyButton({
  pending,
  disabled = pending,
  variant,
  spinnerClassName = variant === 'destructive'
    ? 'text-destructive-foreground'
    : (variant ?? 'primary') === 'primary'
      ? 'text-primary-foreground'
      : undefined,
  children,
  ...props
}: ButtonProps & { pending: boolean; spinnerClassName?: string }) {
  return (
    <Button variant={variant} disabled={disabled} {...props}>
      {pending ? <Spinner decorative className={spinnerClassName} /> : null}
      {children}
    </Button>
  );
}
