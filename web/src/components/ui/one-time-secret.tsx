import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from './button';

/**
 * A secret the server shows once (an API key, a webhook signing secret): the value to select or copy,
 * and the words that it will not be shown again.
 */
export function OneTimeSecret({ label, secret, note }: { label: string; secret: string; note?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success(`${label} copied`);
    } catch {
      toast.error('The browser did not allow copying: select the text and copy it by hand');
    }
  };
  return (
    <section
      aria-label={label}
      className="flex flex-col gap-3 rounded-lg border border-amber-500/40 bg-amber-500/8 p-4"
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <KeyRound className="size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
        {label}
      </p>
      <div className="flex min-w-0 items-stretch gap-2">
        <code
          data-testid="one-time-secret"
          className="min-w-0 flex-1 rounded-md border border-border bg-card px-2.5 py-2 font-mono text-xs break-all select-all"
        >
          {secret}
        </code>
        <Button variant="outline" size="sm" className="h-auto" onClick={copy} aria-label={`Copy ${label}`}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Copy it now: it will not be shown again.{note ? ` ${note}` : ''}
      </p>
    </section>
  );
}
