import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ComponentProps, type FormEventHandler, type ReactNode, useRef } from 'react';
import { cn } from '../../lib/cn';
import { BusyButton, Button } from './button';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Focus goes back where it was when the dialog opened: Radix returns it to the dialog's trigger only,
 * so a dialog opened by a shortcut, a menu or the command menu would leave it on the page's body.
 * Spread over a Radix dialog's content; a handler that prevents the default keeps focus its own way.
 */
export function useFocusReturn({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: Pick<ComponentProps<typeof DialogPrimitive.Content>, 'onOpenAutoFocus' | 'onCloseAutoFocus'> = {}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Still the opener's: the dialog moves focus in after this.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const back = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !back?.isConnected) return;
      event.preventDefault();
      back.focus();
    },
  };
}

export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const focusReturn = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[1px]" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4',
          'rounded-xl border border-border bg-card p-6 text-card-foreground shadow-lg focus:outline-none',
          className,
        )}
        {...props}
        {...focusReturn}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Close"
        >
          <X className="size-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn('text-lg font-semibold tracking-tight', className)} {...props} />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

/**
 * A dialog with its title and description. `trigger` is the control that opens it; with `onSubmit`
 * the header and the children are one form.
 */
export function DialogFrame({
  open,
  onOpenChange,
  onClose,
  trigger,
  title,
  description,
  onSubmit,
  className,
  children,
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Called when the dialog closes itself (Escape, the close button, a click outside). */
  onClose?: () => void;
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  className?: string;
  children?: ReactNode;
}) {
  const header = (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange ?? ((next) => (next ? undefined : onClose?.()))}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        {onSubmit ? (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            {header}
            {children}
          </form>
        ) : (
          <>
            {header}
            {children}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A dialog's Cancel and its action, which shows a spinner while pending. Without `onConfirm` the
 * action submits the dialog's form.
 */
export function DialogActions({
  label,
  pending,
  disabled = pending,
  variant = 'primary',
  onConfirm,
  spinnerClassName,
}: {
  label: ReactNode;
  pending: boolean;
  disabled?: boolean;
  variant?: 'primary' | 'destructive';
  onConfirm?: () => void;
  /** The spinner's colour, when not the action's text colour. */
  spinnerClassName?: string;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <BusyButton
        type={onConfirm ? undefined : 'submit'}
        variant={variant}
        onClick={onConfirm}
        pending={pending}
        disabled={disabled}
        spinnerClassName={spinnerClassName}
      >
        {label}
      </BusyButton>
    </DialogFooter>
  );
}
