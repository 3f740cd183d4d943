import type { ApiKeyAnswer } from '@dispatch/domain';
import { toast } from 'sonner';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/api-client';
import { useRevokeApiKey } from '../api/revoke-api-key';

/** Asks before a key is revoked: it stops working at once and cannot be turned back on. */
export function RevokeApiKeyDialog({
  apiKey,
  onClose,
}: {
  apiKey: ApiKeyAnswer | null;
  onClose: () => void;
}) {
  const revoke = useRevokeApiKey();
  const confirm = async () => {
    if (!apiKey) return;
    try {
      await revoke.mutateAsync(apiKey.id);
      toast.success(`Revoked “${apiKey.name}”`);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Could not revoke the key');
    }
    onClose();
  };
  return (
    <DialogFrame
      open={apiKey !== null}
      onClose={onClose}
      title="Revoke this key?"
      description={
        <>
          <span className="font-medium break-words text-foreground">{apiKey?.name}</span> (
          <code className="font-mono text-xs">{apiKey?.prefix}</code>) stops working at once: every call made
          with it is refused from now on. This cannot be undone; create a new key to replace it.
        </>
      }
    >
      <DialogActions
        label="Revoke key"
        variant="destructive"
        pending={revoke.isPending}
        onConfirm={confirm}
      />
    </DialogFrame>
  );
}
