import {
  closedEnvelopeMessage,
  type EnvelopeStatus,
  envelopeSignSchema,
  isOpenEnvelopeStatus,
  type SigningDocumentAnswer,
} from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleSlash, FileWarning, Link2Off, ShieldCheck } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '../../../components/errors/query-error';
import { ThemeMenu } from '../../../components/theme/theme-menu';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { formatCalendarDay } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  isGone,
  isInvalidLink,
  signingDocumentQueryOptions,
  useRejectEnvelope,
  useSignEnvelope,
} from '../api/signing';
import { DeclineDialog } from './decline-dialog';
import { type SignaturePadController, SignaturePadField } from './signature-pad-field';

/** The receiver's screens: no navigation, no account; the organization's name and the theme choice. */
function SigningLayout({ organizationName, children }: { organizationName?: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-muted/40">
      <header className="sticky top-0 z-20 border-b border-border bg-card/95 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center justify-between gap-3 px-4">
          <div className="flex min-w-0 items-center gap-2">
            <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden />
            <span className="truncate text-sm font-semibold">{organizationName ?? 'Secure signing'}</span>
            {organizationName ? (
              <span className="hidden shrink-0 rounded-full border border-border px-2 py-0.5 text-xs text-muted-foreground sm:inline">
                Secure signing
              </span>
            ) : null}
          </div>
          <ThemeMenu />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10">{children}</main>
    </div>
  );
}

/** A closed, unknown or finished link: one calm card that says what happened. */
function StateCard({
  icon,
  title,
  children,
  tone = 'muted',
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  tone?: 'muted' | 'success' | 'destructive';
}) {
  const tones = {
    muted: 'bg-muted text-muted-foreground',
    success: 'bg-success/15 text-success',
    destructive: 'bg-destructive/10 text-destructive',
  };
  return (
    <Card role="status" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className={`flex size-12 items-center justify-center rounded-full ${tones[tone]} [&_svg]:size-6`}>
        {icon}
      </span>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <div className="max-w-md text-sm text-muted-foreground">{children}</div>
    </Card>
  );
}

function DocumentView({ document }: { document: SigningDocumentAnswer['document'] }) {
  const { parties } = document;
  return (
    <Card className="px-5 py-6 sm:px-8 sm:py-8">
      <article aria-labelledby="document-title" className="flex flex-col gap-6">
        <header className="flex flex-col gap-4 border-b border-border pb-5">
          <h1 id="document-title" className="text-2xl font-semibold tracking-tight">
            {document.title}
          </h1>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">From</dt>
              <dd className="break-words font-medium">{parties.organizationName}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">To</dt>
              <dd className="break-words font-medium">{parties.receiverName}</dd>
            </div>
            {parties.receiverContact ? (
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">Sent to</dt>
                <dd className="break-words">{parties.receiverContact}</dd>
              </div>
            ) : null}
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Sent on</dt>
              <dd>{formatCalendarDay(parties.sentOn) || parties.sentOn}</dd>
            </div>
          </dl>
        </header>
        {document.sections.map((section) => (
          <section key={section.heading} className="flex flex-col gap-2">
            <h2 className="text-base font-semibold">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="text-sm leading-relaxed text-foreground/90">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    </Card>
  );
}

/** A closed link's headline, told from the server's message (the 410 carries only that). */
function goneTitle(message: string): { title: string; tone: 'muted' | 'success' | 'destructive' } {
  const is = (status: EnvelopeStatus, reason?: string) => message === closedEnvelopeMessage(status, reason);
  if (is('completed')) return { title: 'Already signed', tone: 'success' };
  if (is('rejected')) return { title: 'Already declined', tone: 'muted' };
  if (is('voided')) return { title: 'This envelope was voided', tone: 'muted' };
  if (is('cancelled', 'expired')) return { title: 'Link expired', tone: 'muted' };
  if (is('cancelled')) return { title: 'This envelope was cancelled', tone: 'muted' };
  return { title: 'This link can no longer be used', tone: 'muted' };
}

function GoneCard({ message }: { message: string }) {
  const { title, tone } = goneTitle(message);
  return (
    <StateCard
      icon={tone === 'success' ? <CircleCheck aria-hidden /> : <FileWarning aria-hidden />}
      title={title}
      tone={tone}
    >
      <p>{message}</p>
    </StateCard>
  );
}

type Outcome = { kind: 'signed'; name: string } | { kind: 'declined' } | { kind: 'gone'; message: string };

function SignForm({
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
            {new Date(envelope.expiresAt).toLocaleDateString(undefined, {
              month: 'short',
              day: 'numeric',
              year: 'numeric',
            })}
            .
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

/** /sign/{token}: the receiver reads the agreement, signs it (typed name, drawn signature) or declines. */
export function SigningPage({ token }: { token: string }) {
  const query = useQuery(signingDocumentQueryOptions(token));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const answer = query.data;
  useDocumentTitle(answer ? `Sign: ${answer.document.title}` : 'Sign', answer?.envelope.organizationName);
  const organizationName = answer?.envelope.organizationName;

  if (outcome?.kind === 'signed')
    return (
      <SigningLayout organizationName={organizationName}>
        <StateCard icon={<CircleCheck aria-hidden />} title="Signed. Thank you!" tone="success">
          <p>
            {outcome.name}, {organizationName ?? 'the sender'} now has your signed{' '}
            {answer?.document.title.toLowerCase() ?? 'agreement'}. You can close this page.
          </p>
        </StateCard>
      </SigningLayout>
    );
  if (outcome?.kind === 'declined')
    return (
      <SigningLayout organizationName={organizationName}>
        <StateCard icon={<CircleSlash aria-hidden />} title="You declined to sign">
          <p>{organizationName ?? 'The sender'} has been told, with your reason. You can close this page.</p>
        </StateCard>
      </SigningLayout>
    );
  if (outcome?.kind === 'gone' || isGone(query.error))
    return (
      <SigningLayout organizationName={organizationName}>
        <GoneCard message={outcome?.kind === 'gone' ? outcome.message : (query.error as Error).message} />
      </SigningLayout>
    );
  if (isInvalidLink(query.error))
    return (
      <SigningLayout>
        <StateCard icon={<Link2Off aria-hidden />} title="This signing link is not valid" tone="destructive">
          <p>
            Check that you opened the whole link from the message you received, or ask the sender for a new
            one.
          </p>
        </StateCard>
      </SigningLayout>
    );

  return (
    <SigningLayout organizationName={organizationName}>
      {query.isPending ? (
        <div className="flex justify-center py-20">
          <Spinner label="Opening the document" />
        </div>
      ) : query.isError ? (
        <Card>
          <QueryError
            error={query.error}
            title="The document could not be opened"
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      ) : !isOpenEnvelopeStatus(query.data.envelope.envelopeStatus) ? (
        <StateCard icon={<FileWarning aria-hidden />} title="This link can no longer be used">
          <p>There is nothing left to sign here.</p>
        </StateCard>
      ) : (
        <>
          <DocumentView document={query.data.document} />
          <SignForm token={token} answer={query.data} onOutcome={setOutcome} />
        </>
      )}
    </SigningLayout>
  );
}
