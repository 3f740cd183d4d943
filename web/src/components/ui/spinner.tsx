import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A busy indicator. Inside a button (whose text already says what happens) pass `decorative`. */
export function Spinner({
  className,
  label = 'Loading',
  decorative = false,
}: {
  className?: string;
  label?: string;
  decorative?: boolean;
}) {
  const icon = (
    <LoaderCircle className={cn('size-4 animate-spin text-muted-foreground', className)} aria-hidden />
  );
  if (decorative) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
