import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { isApiError } from '../../lib/api-client';
import { DialogActions, DialogFrame } from '../ui/dialog';

export interface DeletePostingDialogProps<P extends { id: number; version: number }> {
  /** The truck or load to delete; null keeps the dialog closed. */
  posting: P | null;
  /** "truck" or "load", as the texts name it. */
  noun: string;
  /** How a toast names the posting, e.g. the truck's name. */
  label: (posting: P) => string;
  /** Who loses the posting from the board, and which one it is. */
  description: (posting: P) => ReactNode;
  remove: { mutateAsync: (input: { id: number; version: number }) => Promise<unknown>; isPending: boolean };
  /** Refetches the list and the posting, after someone else changed or deleted it. */
  reload: (id: number) => Promise<unknown>;
  onClose: () => void;
}

/** Asks before deleting; a stale version (409) or a posting already gone (404) offers a reload. */
export function DeletePostingDialog<P extends { id: number; version: number }>({
  posting,
  noun,
  label,
  description,
  remove,
  reload,
  onClose,
}: DeletePostingDialogProps<P>) {
  const confirm = async () => {
    if (!posting) return;
    try {
      await remove.mutateAsync({ id: posting.id, version: posting.version });
      toast.success(`${label(posting)} was deleted`);
      onClose();
    } catch (error) {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        onClose();
        toast.error(error.status === 404 ? `This ${noun} was already deleted` : error.message, {
          action: { label: 'Reload', onClick: () => void reload(posting.id) },
        });
        void reload(posting.id);
        return;
      }
      toast.error(error instanceof Error ? error.message : `Could not delete the ${noun}`);
    }
  };

  return (
    <DialogFrame
      open={posting !== null}
      onClose={onClose}
      title={`Delete this ${noun}?`}
      description={posting ? description(posting) : null}
    >
      <DialogActions label="Delete" variant="destructive" pending={remove.isPending} onConfirm={confirm} />
    </DialogFrame>
  );
}
