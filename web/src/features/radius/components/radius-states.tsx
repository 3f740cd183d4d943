import { CircleAlert, Radar } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';

/** The centred icon, title and text of a panel with nothing to list. */
export function Notice({
  icon,
  title,
  children,
  tone = 'muted',
  role,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  tone?: 'muted' | 'destructive';
  role?: 'alert' | 'status';
}) {
  return (
    <div role={role} className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span
        className={
          tone === 'destructive'
            ? 'flex size-10 items-center justify-center rounded-full bg-destructive/10 text-destructive'
            : 'flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground'
        }
      >
        {icon ?? <Radar className="size-5" aria-hidden />}
      </span>
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

/** Before any search: what the page does. */
export function StartNotice({ children }: { children: ReactNode }) {
  return (
    <Notice title="Search around a city">
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
    </Notice>
  );
}

/**
 * A search that failed. A refusal (400: "City not found in ME") is the search's own fault and is
 * shown as it is; anything else may pass on a second try.
 */
export function SearchFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const refused = isApiError(error) && error.status === 400;
  // A refusal names what is wrong field by field ("City not found in ME"): that says more than its
  // summary ("Invalid query parameters").
  const fields = isApiError(error) ? [...new Set(Object.values(error.fieldErrors).flat())] : [];
  const message = fields.length ? '' : error instanceof Error ? error.message : 'Something went wrong';
  const details = fields;
  return (
    <Notice
      role="alert"
      tone="destructive"
      icon={<CircleAlert className="size-5" aria-hidden />}
      title={refused ? 'This search cannot run' : 'Could not load the results'}
    >
      {message ? <p className="max-w-md text-sm text-muted-foreground">{message}</p> : null}
      {details.length ? (
        <ul className="max-w-md text-sm text-muted-foreground">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
      {refused ? null : (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Notice>
  );
}

/** The place errors a refused search carries, for the form's fields. */
export function placeErrorsOf(
  error: unknown,
): { state?: string; city?: string; radius?: string } | undefined {
  if (!isApiError(error) || error.status !== 400) return undefined;
  const first = (field: string) => error.fieldErrors[field]?.[0];
  const errors = { state: first('state'), city: first('city'), radius: first('radius') };
  return Object.fromEntries(Object.entries(errors).filter(([, value]) => value)) as {
    state?: string;
    city?: string;
    radius?: string;
  };
}
