import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * Links and buttons of a card at least 44 px square: a finger's reach on a phone (WCAG 2.5.5).
 * The actions row and every tap target of a card use it.
 */
export const touchTargets =
  '[&_a]:inline-flex [&_a]:min-h-11 [&_a]:min-w-11 [&_a]:items-center [&_a]:justify-center [&_button]:min-h-11 [&_button]:min-w-11';

/** Where from and where to, one line: "Chicago, IL → Dallas, TX". */
export function RouteLine({ from, to, className }: { from: ReactNode; to: ReactNode; className?: string }) {
  return (
    <span className={cn('flex min-w-0 flex-wrap items-center gap-x-1', className)}>
      <span className="min-w-0 break-words">{from}</span>
      <ArrowRight className="size-3.5 shrink-0 text-muted-foreground" aria-label="to" />
      <span className="min-w-0 break-words">{to}</span>
    </span>
  );
}

/**
 * A posting on a phone: what it is and where it goes first, then its facts on one wrapped line,
 * then its actions. The trucks and loads boards, the radius results and the matches show these
 * below 640 px instead of the grid's columns.
 */
export function PostingCard({
  title,
  open,
  aside,
  route,
  facts,
  actions,
}: {
  /** The posting's name (a truck's) or route (a load's). */
  title: ReactNode;
  /** Opens the posting: the title links there. */
  open?: {
    to: '/$orgSlug/trucks/edit/$id' | '/$orgSlug/loads/edit/$id';
    params: { orgSlug: string; id: number };
  };
  /** Beside the title at the right: the age, a distance. */
  aside?: ReactNode;
  route?: ReactNode;
  /** Short facts, separated by dots where they wrap. */
  facts: ReactNode[];
  actions?: ReactNode;
}) {
  return (
    <article className="flex flex-col gap-1 px-4 py-2.5 text-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-medium break-words">
          {open ? (
            <Link
              to={open.to}
              params={open.params}
              className="inline-flex min-h-11 items-center underline-offset-4 hover:text-primary hover:underline"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        {aside ? (
          <span className="flex min-h-11 shrink-0 items-center text-xs text-muted-foreground tabular-nums">
            {aside}
          </span>
        ) : null}
      </div>
      {route ? <div className="font-medium">{route}</div> : null}
      <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
        {facts.filter(Boolean).map((fact, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the facts keep their order
          <span key={index} className="inline-flex items-center gap-1 text-foreground/90">
            {index > 0 ? (
              <span aria-hidden className="text-muted-foreground">
                ·
              </span>
            ) : null}
            {fact}
          </span>
        ))}
      </p>
      {actions ? <div className={cn('-mr-2 flex justify-end', touchTargets)}>{actions}</div> : null}
    </article>
  );
}
