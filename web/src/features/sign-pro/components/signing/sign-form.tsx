import { envelopeSignSchema, formatDate, type SigningDocumentAnswer } from '@dispatch/domain';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field, fieldControlProps } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { isApiError } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/organization-dates';
import { isGone, useRejectEnvelope, useSignEnvelope } from '../../api/signing';
import { DeclineDialog } from './decline-dialog';
import { type SignaturePadController, SignaturePadField } from './signature-pad-field';

/** How the receiver's visit ended: signed, declined, or found closed while the page was open. */
export type Outcome =
  | { kind: 'signed'; name: string }
  | { kind: 'declined' }
  | { kind: 'gone'; message: string };

/** The receiver's answer: a typed name and a drawn signature to sign, or a reason to decline. */
export function SignForm({
  token,
  answer,
  onOutcome,
}: {
  token: string;
  answer: SigningDocumentAnswer;
  onOutcome: (outcome: Outcome) => void;
}) {
  const sign = useSignEnvelope();
  const reject = useRejectEnvelope();
  const pad = useRef<SignaturePadController | null>(null);
  const [signerName, setSignerName] = useState('');
  const [empty, setEmpty] = useState(true);
  const [errors, setErrors] = useState<{ signerName?: string; signature?: string }>({});
  const busy = sign.isPending || reject.isPending;
  const { envelope } = answer;

  /** A closed envelope ends the page; a 400 lands on its fields; the rest is a toast. */
  const failed = (error: unknown, fields: readonly string[]): Record<string, string> | undefined => {
    if (isGone(error)) {
      onOutcome({ kind: 'gone', message: (error as Error).message });
      return undefined;
    }
    if (isApiError(error) && error.status === 400) {
      const found = Object.fromEntries(
        fields.flatMap((field) =>
          error.fieldErrors[field]?.[0] ? [[field, error.fieldErrors[field][0]]] : [],
        ),
      );
      if (Object.keys(found).length) return found;
    }
    toast.error(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
    return undefined;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const signature = pad.current?.toDataUrl() ?? null;
    const parsed = envelopeSignSchema.safeParse({ signerName, signature });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'signerName' | 'signature';
        next[field] ??= issue.message;
      }
      setErrors(next);
      if (next.signerName) document.getElementById('signer-name')?.focus();
      return;
    }
    setErrors({});
    try {
      await sign.mutateAsync({ token, signerName: parsed.data.signerName, signature: parsed.data.signature });
      onOutcome({ kind: 'signed', name: parsed.data.signerName });
    } catch (error) {
      const found = failed(error, ['signerName', 'signature']);
      if (found) setErrors(found);
    }
  };

  const decline = async (reason: string) => {
    try {
      await reject.mutateAsync({ token, reason });
      onOutcome({ kind: 'declined' });
      return undefined;
    } catch (error) {
      return failed(error, ['reason'])?.reason;
    }
  };

  return (
    <Card className="px-5 py-6 sm:px-8">
      <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-labelledby="sign-heading">
        <div>
          <h2 id="sign-heading" className="text-lg font-semibold tracking-tight">
            Sign the agreement
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Type your name, draw your signature, then select “I agree and sign”. This link works until{' '}
            {formatDate(envelope.expiresAt, browserTimeZone())}.
          </p>
        </div>
        <Field id="signer-name" label="Your full name" error={errors.signerName}>
          <Input
            autoComplete="name"
            maxLength={50}
            placeholder="Type your full name"
            value={signerName}
            disabled={busy}
            onChange={(event) => {
              setSignerName(event.target.value);
              if (errors.signerName) setErrors((current) => ({ ...current, signerName: undefined }));
            }}
            {...fieldControlProps('signer-name', errors.signerName)}
          />
        </Field>
        <SignaturePadField
          controller={pad}
          empty={empty}
          disabled={busy}
          error={errors.signature}
          onChange={(isEmpty) => {
            setEmpty(isEmpty);
            if (errors.signature) setErrors((current) => ({ ...current, signature: undefined }));
          }}
        />
        <p className="text-xs text-muted-foreground">
          By selecting “I agree and sign”, you agree to the terms above and to signing electronically.{' '}
          {envelope.organizationName} keeps the signed copy with a record of when it was signed.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <DeclineDialog organizationName={envelope.organizationName} disabled={busy} onDecline={decline} />
          <Button type="submit" size="lg" disabled={busy}>
            {sign.isPending ? <Spinner decorative className="text-primary-foreground" /> : null}I agree and
            sign
          </Button>
        </div>
      </form>
    </Card>
  );
}
