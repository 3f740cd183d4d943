import { type EnvelopeAnswer, isOpenEnvelopeStatus } from '@dispatch/domain';
import { Ban, Download, History, Link2, Send } from 'lucide-react';
import { toast } from 'sonner';
import { Button, buttonClassName } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useIssueSigningLink, useResendEnvelope } from '../api/envelope-commands';
import { envelopeDocumentUrl } from '../api/get-envelope-history';

const iconButton = 'text-muted-foreground hover:text-foreground';

function failed(error: unknown, fallback: string) {
  toast.error(isApiError(error) ? error.message : fallback);
}

/** Puts the link on the clipboard; where the browser refuses, shows it to copy by hand. */
async function copyLink(link: string, receiverName: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success(`Signing link for ${receiverName} copied`, {
      description: 'Paste it into a message of your own. It works until the envelope is closed.',
    });
  } catch {
    toast.info(`Signing link for ${receiverName}`, {
      description: <span className="break-all select-all">{link}</span>,
      duration: 20_000,
    });
  }
}

export interface EnvelopeActionsProps {
  envelope: EnvelopeAnswer;
  onVoid: (envelope: EnvelopeAnswer) => void;
  onHistory: (envelope: EnvelopeAnswer) => void;
  className?: string;
}

/**
 * The row's actions: void, resend and copy a signing link while the receiver may still sign; the
 * PDF and the history always.
 */
export function EnvelopeActions({ envelope, onVoid, onHistory, className }: EnvelopeActionsProps) {
  const resend = useResendEnvelope();
  const issueLink = useIssueSigningLink();
  const open = isOpenEnvelopeStatus(envelope.envelopeStatus);
  const closedHint = open ? '' : ' (the envelope is closed)';
  const name = envelope.receiverName;

  return (
    <div className={cn('flex items-center justify-end gap-0.5', className)}>
      <Button
        variant="ghost"
        size="icon"
        className={iconButton}
        aria-label="Resend"
        title={`Send again to ${name}${closedHint}`}
        disabled={!open || resend.isPending}
        onClick={() =>
          resend.mutate(
            { envelopeId: envelope.envelopeId },
            {
              onSuccess: (answer) => toast.success(answer.message || `Sent again to ${name}`),
              onError: (error) => failed(error, 'Could not send the envelope again'),
            },
          )
        }
      >
        <Send aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className={iconButton}
        aria-label="Copy signing link"
        title={`Copy a signing link for ${name}${closedHint}`}
        disabled={!open || issueLink.isPending}
        onClick={() =>
          issueLink.mutate(
            { envelopeId: envelope.envelopeId },
            {
              onSuccess: (answer) => void copyLink(answer.link, name),
              onError: (error) => failed(error, 'Could not make a signing link'),
            },
          )
        }
      >
        <Link2 aria-hidden />
      </Button>
      <a
        href={envelopeDocumentUrl(envelope.envelopeId)}
        download
        aria-label="Download PDF"
        title={envelope.envelopeStatus === 'completed' ? 'Download the signed PDF' : 'Download the PDF'}
        className={cn(buttonClassName('ghost', 'icon'), iconButton)}
      >
        <Download aria-hidden />
      </a>
      <Button
        variant="ghost"
        size="icon"
        className={iconButton}
        aria-label="History"
        title={`History of the envelope to ${name}`}
        onClick={() => onHistory(envelope)}
      >
        <History aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        aria-label="Void"
        title={`Void the envelope to ${name}${closedHint}`}
        disabled={!open}
        onClick={() => onVoid(envelope)}
      >
        <Ban aria-hidden />
      </Button>
    </div>
  );
}
