import { format } from 'date-fns';
import { Monitor } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '../../../components/errors/query-error';
import { BusyButton, Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { relativeTime } from '../../../lib/dates';
import { type ActiveSession, useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';
import { describeDevice } from '../describe-device';
import { AccountSection } from './account-section';

/** The browsers and devices signed in to this account; this one is marked and signs out from the user menu. */
export function SessionsSection({ currentSessionId }: { currentSessionId: string }) {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [failure, setFailure] = useState<string | null>(null);

  const list = [...(sessions.data ?? [])].sort((a, b) =>
    a.id === currentSessionId ? -1 : b.id === currentSessionId ? 1 : b.updatedAt.localeCompare(a.updatedAt),
  );
  const others = list.filter((session) => session.id !== currentSessionId);

  const revokeOne = (session: ActiveSession) => {
    setFailure(null);
    revoke.mutate(session.token, {
      onSuccess: () => toast.success(`${describeDevice(session.userAgent)} was signed out`),
      onError: (error) => setFailure(error.message || 'Could not sign the session out. Try again.'),
    });
  };

  const revokeAllOthers = () => {
    setFailure(null);
    revokeOthers.mutate(undefined, {
      onSuccess: () => toast.success('Your other sessions were signed out'),
      onError: (error) => setFailure(error.message || 'Could not sign the sessions out. Try again.'),
    });
  };

  return (
    <AccountSection
      id="sessions"
      title="Active sessions"
      description="Where you are signed in. Revoke any session you do not recognise: it is signed out at once."
    >
      <div className="flex flex-col gap-4">
        <FormAlert message={failure} />
        {sessions.isPending ? (
          <Spinner label="Loading sessions" />
        ) : sessions.isError ? (
          <QueryError
            error={sessions.error}
            title="Could not load your sessions"
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
            className="py-4"
          />
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {list.map((session) => {
              const current = session.id === currentSessionId;
              const device = describeDevice(session.userAgent);
              return (
                <li key={session.id} className="flex items-center gap-3 px-3 py-2.5" data-current={current}>
                  <Monitor className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      {device}
                      {current ? (
                        <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                          This device
                        </span>
                      ) : null}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {session.ipAddress ? `${session.ipAddress} · ` : ''}Signed in on{' '}
                      {format(new Date(session.createdAt), 'MMM dd, yyyy')} · Last active{' '}
                      {relativeTime(session.updatedAt).toLowerCase()}
                    </p>
                  </div>
                  {current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={revoke.isPending}
                      aria-label={`Revoke ${device}`}
                      onClick={() => revokeOne(session)}
                    >
                      Revoke
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <div>
          <BusyButton
            variant="outline"
            disabled={!others.length || revokeOthers.isPending}
            onClick={revokeAllOthers}
            pending={revokeOthers.isPending}
          >
            Revoke all other sessions
          </BusyButton>
        </div>
      </div>
    </AccountSection>
  );
}
