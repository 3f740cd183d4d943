import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useSendVerificationEmail } from '../api/send-verification-email';

/** After signing up while verification is required: where the link went, and a way to get another. */
export function CheckEmail({ email }: { email: string }) {
  const resend = useSendVerificationEmail();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <div className="flex flex-col items-center gap-4 text-center" role="status">
      <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck className="size-5" aria-hidden />
      </span>
      <div className="flex flex-col gap-1.5">
        <h2 className="text-base font-semibold">Check your email</h2>
        <p className="text-sm text-muted-foreground">
          We sent a verification link to <span className="font-medium text-foreground">{email}</span>. Open it
          to activate your account, then sign in.
        </p>
      </div>
      <FormAlert message={failure} />
      {resend.isSuccess ? (
        <p className="text-sm text-muted-foreground">A new link is on its way.</p>
      ) : (
        <Button
          variant="outline"
          disabled={resend.isPending}
          onClick={() => {
            setFailure(null);
            resend.mutate(
              { email },
              {
                onError: (error) =>
                  setFailure(isApiError(error) ? error.message : 'Could not send the link. Try again.'),
              },
            );
          }}
        >
          {resend.isPending ? <Spinner decorative /> : null}
          Send the link again
        </Button>
      )}
    </div>
  );
}
