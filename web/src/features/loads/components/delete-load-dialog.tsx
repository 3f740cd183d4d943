import type { Load } from '@dispatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
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

  const confirm = async () => {
    if (!load) return;
    try {
      await removeLoad.mutateAsync({ id: load.id, version: load.version });
      toast.success(`${loadLabel(load)} was deleted`);
      onClose();
    } catch (error) {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        onClose();
        toast.error(error.status === 404 ? 'This load was already deleted' : error.message, {
          action: { label: 'Reload', onClick: () => void invalidateLoads(queryClient, [load.id]) },
        });
        void invalidateLoads(queryClient, [load.id]);
        return;
      }
      toast.error(error instanceof Error ? error.message : 'Could not delete the load');
    }
  };

  return (
    <Dialog open={load !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this load?</DialogTitle>
          <DialogDescription>
            {load ? (
              <>
                The load from{' '}
                <span className="font-medium text-foreground">
                  {load.originCity}, {load.originState}
                </span>{' '}
                to{' '}
                <span className="font-medium text-foreground">
                  {load.destinationCity}, {load.destinationState}
                </span>
                {load.customerName ? ` for ${load.customerName}` : ''} will be removed from the board for
                everyone in {organizationName}.
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={removeLoad.isPending}>
            {removeLoad.isPending ? <Spinner decorative className="text-destructive-foreground" /> : null}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
