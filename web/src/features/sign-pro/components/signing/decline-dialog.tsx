import { envelopeRejectSchema } from '@dispatch/domain';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { DialogActions, DialogFrame } from '../../../../components/ui/dialog';
import { Field, fieldControlProps } from '../../../../components/ui/field';
import { Textarea } from '../../../../components/ui/input';

const REASON_MAX = 500;

/** Declining asks why (required, up to 500 characters): the sender reads it in their table. */
export function DeclineDialog({
  organizationName,
  disabled,
  onDecline,
}: {
  organizationName: string;
  disabled?: boolean;
  /** Resolves when declined; a rejection with a message for the reason shows it under the field. */
  onDecline: (reason: string) => Promise<string | undefined>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = envelopeRejectSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Reason is required');
      return;
    }
    setBusy(true);
    try {
      const fieldError = await onDecline(parsed.data.reason);
      if (fieldError) setError(fieldError);
      else setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setError(undefined);
      }}
      trigger={
        <Button variant="outline" disabled={disabled}>
          Decline
        </Button>
      }
      title="Decline to sign?"
      description={`${organizationName} is told that you declined, with your reason. The link then stops working.`}
      onSubmit={submit}
    >
      <Field id="decline-reason" label="Reason" error={error}>
        <Textarea
          rows={4}
          maxLength={REASON_MAX}
          value={reason}
          autoFocus
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(undefined);
          }}
          {...fieldControlProps('decline-reason', error)}
        />
        <span className="self-end text-xs text-muted-foreground tabular-nums">
          {reason.length}/{REASON_MAX}
        </span>
      </Field>
      <DialogActions label="Decline" variant="destructive" pending={busy} />
    </DialogFrame>
  );
}
