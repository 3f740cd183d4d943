import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useVerifyEmail } from '../api/verify-email';
import { verifyEmailError, verifyEmailErrorMessage } from '../auth-errors';
import { ResendVerificationForm } from './resend-verification-form';

export interface VerifyEmailSearch {
  token?: string | undefined;
  /** Set by the service when a followed link failed. */
  error?: string | undefined;
  /** Set by the service when a followed link succeeded. */
  verified?: boolean | undefined;
}

function Outcome({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'error';
  title: string;
  children: ReactNode;
}) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      className="flex flex-col items-center gap-3 text-center"
    >
      <span
        className={
          tone === 'success'
            ? 'flex size-10 items-center justify-center rounded-full bg-success/10 text-success'
            : 'flex size-10 items-center justify-center rounded-full bg-destructive/10 text-destructive'
        }
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </div>
  );
}

function Verified({ onContinue }: { onContinue?: (() => void) | undefined }) {
  return (
    <Outcome tone="success" title="Your email address is verified">
      {onContinue ? (
        <Button size="lg" className="w-full" onClick={onContinue}>
          Continue
        </Button>
      ) : (
        <Link to="/login" className={buttonClassName('primary', 'lg')}>
          Sign in
        </Link>
      )}
    </Outcome>
  );
}

function Failed({ code }: { code: string }) {
  const error = verifyEmailError(code);
  return (
    <div className="flex flex-col gap-5">
      <Outcome tone="error" title="Your email address could not be verified">
        <p className="text-sm text-muted-foreground">{verifyEmailErrorMessage(error)}</p>
        <p className="text-xs text-muted-foreground">
          Error code: <code data-testid="verify-email-error">{error}</code>
        </p>
      </Outcome>
      {error === 'token_expired' || error === 'invalid_token' ? <ResendVerificationForm /> : null}
    </div>
  );
}

function VerifyToken({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const verify = useVerifyEmail();
  const started = useRef(false);
  useEffect(() => {
    // Once per token, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (verify.isSuccess) return <Verified onContinue={verify.data ? onSignedIn : undefined} />;
  if (verify.isError) {
    const { error } = verify;
    // A refused token is a 401 naming the reason; anything else (offline, server down) may pass on a retry.
    if (isApiError(error) && error.status === 401) return <Failed code={error.code} />;
    return (
      <Outcome tone="error" title="Your email address could not be verified">
        <p className="text-sm text-muted-foreground">
          {isApiError(error) ? error.message : 'Something went wrong.'}
        </p>
        <Button variant="outline" onClick={() => verify.mutate(token)}>
          Try again
        </Button>
      </Outcome>
    );
  }
  return (
    <div className="flex justify-center py-4">
      <Spinner label="Verifying your email address" />
    </div>
  );
}

/**
 * /verify-email: with a token it verifies the address; after a followed link it shows what the
 * service reported; opened on its own it offers a new link.
 */
export function VerifyEmailStatus({
  search,
  onSignedIn,
}: {
  search: VerifyEmailSearch;
  onSignedIn: () => void;
}) {
  if (search.error) return <Failed code={search.error} />;
  if (search.token) return <VerifyToken token={search.token} onSignedIn={onSignedIn} />;
  if (search.verified) return <Verified />;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Open the link in the email we sent you to verify your address. If it has expired or did not arrive,
        ask for a new one.
      </p>
      <ResendVerificationForm />
    </div>
  );
}
