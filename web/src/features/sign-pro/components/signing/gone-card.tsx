import { closedEnvelopeMessage, type EnvelopeStatus } from '@dispatch/domain';
import { CircleCheck, FileWarning } from 'lucide-react';
import { StateCard } from './state-card';

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

export function GoneCard({ message }: { message: string }) {
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
