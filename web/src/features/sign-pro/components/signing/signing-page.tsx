import { isOpenEnvelopeStatus } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleSlash, FileWarning, Link2Off } from 'lucide-react';
import { useState } from 'react';
import { QueryError } from '../../../../components/errors/query-error';
import { Card } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { isGone, isInvalidLink, signingDocumentQueryOptions } from '../../api/signing';
import { DocumentView } from './document-view';
import { GoneCard } from './gone-card';
import { type Outcome, SignForm } from './sign-form';
import { SigningLayout } from './signing-layout';
import { StateCard } from './state-card';

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
