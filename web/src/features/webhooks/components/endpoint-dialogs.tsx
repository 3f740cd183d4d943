import type { WebhookAnswer, WebhookSecretAnswer } from '@dispatch/domain';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { DialogActions, DialogFooter, DialogFrame } from '../../../components/ui/dialog';
import { OneTimeSecret } from '../../../components/ui/one-time-secret';
import { isApiError } from '../../../lib/api-client';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';

const failureOf = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/**
 * Asks before the signing secret is replaced, saying that the old one keeps signing beside the new one
 * for 24 hours; then shows the new secret, once.
 */
export function RotateSecretDialog({ endpoint, onClose }: { endpoint: WebhookAnswer; onClose: () => void }) {
  const rotate = useRotateWebhookSecret();
  const [rotated, setRotated] = useState<WebhookSecretAnswer | null>(null);
  const confirm = async () => {
    try {
      setRotated(await rotate.mutateAsync(endpoint.id));
    } catch (error) {
      toast.error(failureOf(error, 'Could not rotate the secret'));
      onClose();
    }
  };
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={rotated ? 'New signing secret' : 'Rotate the signing secret?'}
      description={
        rotated ? (
          'Put it where the receiver checks signatures. Until then the old secret still works.'
        ) : (
          <>
            A new secret signs every delivery to{' '}
            <span className="font-medium break-all text-foreground">{endpoint.url}</span> from now on. For the
            next 24 hours each delivery carries a second signature made with the old secret too, so the
            receiver keeps accepting them while you switch it over; after that the old secret stops.
          </>
        )
      }
      className="max-w-lg"
    >
      {rotated ? (
        <>
          <OneTimeSecret label="Signing secret" secret={rotated.secret} />
          <DialogFooter>
            <Button onClick={onClose}>Done</Button>
          </DialogFooter>
        </>
      ) : (
        <DialogActions label="Rotate secret" pending={rotate.isPending} onConfirm={confirm} />
      )}
    </DialogFrame>
  );
}

/** Asks before an endpoint is removed; from its own page, goes back to the list. */
export function RemoveEndpointDialog({
  endpoint,
  onClose,
  leaveTo,
}: {
  endpoint: WebhookAnswer;
  onClose: () => void;
  /** The organization whose webhook list to go back to, once removed. */
  leaveTo?: string;
}) {
  const navigate = useNavigate();
  const remove = useDeleteWebhook();
  const confirm = async () => {
    try {
      await remove.mutateAsync(endpoint.id);
      toast.success('The endpoint has been removed');
      if (leaveTo) void navigate({ to: '/$orgSlug/settings/webhooks', params: { orgSlug: leaveTo } });
    } catch (error) {
      toast.error(failureOf(error, 'Could not remove the endpoint'));
    }
    onClose();
  };
  return (
    <DialogFrame
      open
      onClose={onClose}
      title="Remove this endpoint?"
      description={
        <>
          Nothing more is sent to{' '}
          <span className="font-medium break-all text-foreground">{endpoint.url}</span>. This cannot be
          undone.
        </>
      }
    >
      <DialogActions
        label="Remove endpoint"
        variant="destructive"
        pending={remove.isPending}
        onConfirm={confirm}
      />
    </DialogFrame>
  );
}
