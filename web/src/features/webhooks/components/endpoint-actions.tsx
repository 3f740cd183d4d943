import type { WebhookAnswer } from '@dispatch/domain';
import { Ellipsis, Pencil, Power, PowerOff, RotateCw, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { isApiError } from '../../../lib/api-client';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useUpdateWebhook } from '../api/update-webhook';
import { RemoveEndpointDialog, RotateSecretDialog } from './endpoint-dialogs';
import { EditEndpointDialog } from './webhook-form-dialog';

const failureOf = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

type Open = 'edit' | 'rotate' | 'remove' | null;

/** What can be done to one endpoint, in a menu: edit, turn on or off, test, rotate its secret, remove. */
export function EndpointActions({
  endpoint,
  leaveTo,
  variant = 'icon',
}: {
  endpoint: WebhookAnswer;
  /** On the endpoint's own page: the organization whose list to go back to once it is removed. */
  leaveTo?: string;
  variant?: 'icon' | 'button';
}) {
  const [open, setOpen] = useState<Open>(null);
  const update = useUpdateWebhook();
  const test = useSendWebhookTest();
  const enabled = endpoint.status !== 'disabled';

  const toggle = () =>
    update.mutate(
      { id: endpoint.id, patch: { enabled: !enabled } },
      {
        onSuccess: () =>
          toast.success(
            enabled ? 'The endpoint is disabled: nothing is sent to it' : 'The endpoint is enabled again',
          ),
        onError: (error) => toast.error(failureOf(error, 'Could not change the endpoint')),
      },
    );
  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: () =>
        toast.success('Test event sent', { description: 'Its delivery shows in the log in a moment.' }),
      onError: (error) => toast.error(failureOf(error, 'Could not send the test event')),
    });

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          {variant === 'icon' ? (
            <Button variant="ghost" size="icon" aria-label={`Actions for ${endpoint.url}`}>
              <Ellipsis aria-hidden />
            </Button>
          ) : (
            <Button variant="outline">
              <Ellipsis aria-hidden />
              Actions
            </Button>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setOpen('edit')}>
            <Pencil aria-hidden />
            Edit
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={toggle} disabled={update.isPending}>
            {enabled ? <PowerOff aria-hidden /> : <Power aria-hidden />}
            {enabled ? 'Disable' : 'Enable'}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={sendTest} disabled={!enabled || test.isPending}>
            <Send aria-hidden />
            Send test event
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen('rotate')}>
            <RotateCw aria-hidden />
            Rotate secret
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setOpen('remove')} className="text-destructive">
            <Trash2 aria-hidden />
            Remove
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {open === 'edit' ? <EditEndpointDialog endpoint={endpoint} onClose={() => setOpen(null)} /> : null}
      {open === 'rotate' ? <RotateSecretDialog endpoint={endpoint} onClose={() => setOpen(null)} /> : null}
      {open === 'remove' ? (
        <RemoveEndpointDialog endpoint={endpoint} leaveTo={leaveTo} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
