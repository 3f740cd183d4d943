import type { Load } from '@dispatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { DeletePostingDialog } from '../../../components/board/delete-posting-dialog';
import { invalidateLoads } from '../api/load-cache';
import { useRemoveLoad } from '../api/remove-load';
import { loadLabel } from '../load-label';

export interface DeleteLoadDialogProps {
  load: Load | null;
  organizationName: string;
  onClose: () => void;
}

export function DeleteLoadDialog({ load, organizationName, onClose }: DeleteLoadDialogProps) {
  const queryClient = useQueryClient();
  const removeLoad = useRemoveLoad();
  return (
    <DeletePostingDialog
      posting={load}
      noun="load"
      label={loadLabel}
      description={(load) => (
        <>
          The load from{' '}
          <span className="font-medium text-foreground">
            {load.originCity}, {load.originState}
          </span>{' '}
          to{' '}
          <span className="font-medium text-foreground">
            {load.destinationCity}, {load.destinationState}
          </span>
          {load.customerName ? ` for ${load.customerName}` : ''} will be removed from the board for everyone
          in {organizationName}.
        </>
      )}
      remove={removeLoad}
      reload={(id) => invalidateLoads(queryClient, [id])}
      onClose={onClose}
    />
  );
}
