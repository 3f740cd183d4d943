import { CircleAlert } from 'lucide-react';
import { answerShapeErrorOf } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

/** The headline of an answer that does not have the shape the page expects (a parse error). */
export const ANSWER_SHAPE_TITLE = "The server's answer was not what this page expects";

/**
 * What to tell the user about a failed read: a parse error says so, with the detail that names the
 * call and the field; any other error its own message under `title`.
 */
export function describeQueryError(error: unknown, title: string): { title: string; detail: string } {
  const shape = answerShapeErrorOf(error);
  if (shape) return { title: ANSWER_SHAPE_TITLE, detail: shape.message };
  return { title, detail: error instanceof Error && error.message ? error.message : 'Please try again.' };
}

export interface QueryErrorProps {
  error: unknown;
  /** The headline of any other failure ("Could not load the users"). */
  title: string;
  /** Fetches again (the query's `refetch`); no Retry button without it. */
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** A read that failed, in place of what it would have shown: what happened, why, and a Retry button. */
export function QueryError({ error, title, onRetry, retrying, className }: QueryErrorProps) {
  const wording = describeQueryError(error, title);
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-2 px-6 py-8 text-center', className)}>
      <CircleAlert className="size-5 text-destructive" aria-hidden />
      <p className="text-sm font-medium">{wording.title}</p>
      <p className="max-w-prose break-words text-sm text-muted-foreground">{wording.detail}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}
