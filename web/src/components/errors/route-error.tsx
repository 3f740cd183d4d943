import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { CircleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button, buttonClassName } from '../ui/button';
import { describeQueryError } from './query-error';

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  const notFound = isApiError(error) && error.status === 404;
  // A parse error names the call and the field: "The server's answer was not what this page expects".
  const wording = notFound
    ? { title: 'Not found', detail: 'It may have been deleted.' }
    : describeQueryError(error, 'Something went wrong');
  // The tab says what happened, not the title of the page that was loading.
  useDocumentTitle(wording.title);

  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-20 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-destructive/10">
        <CircleAlert className="size-5 text-destructive" aria-hidden />
      </span>
      <h1 className="text-lg font-semibold">{wording.title}</h1>
      <p className="break-words text-sm text-muted-foreground">{wording.detail}</p>
      <div className="flex gap-2">
        {notFound ? null : (
          <Button variant="outline" onClick={() => void router.invalidate()}>
            Retry
          </Button>
        )}
        <Link to="/" className={buttonClassName('primary')}>
          Go home
        </Link>
      </div>
    </div>
  );
}

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-20 text-center">
      <p className="text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-lg font-semibold">Page not found</h1>
      <p className="text-sm text-muted-foreground">The page you opened does not exist.</p>
      <Link to="/" className={buttonClassName('primary')}>
        Go home
      </Link>
    </div>
  );
}

export function PagePending() {
  return (
    <div className="flex justify-center py-20" role="status">
      <span className="size-5 animate-spin rounded-full border-2 border-muted-foreground/30 border-t-muted-foreground" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
