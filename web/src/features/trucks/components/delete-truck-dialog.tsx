import type { Truck } from '@dispatch/domain';
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
import { useRemoveTruck } from '../api/remove-truck';
import { invalidateTrucks } from '../api/truck-cache';

export interface DeleteTruckDialogProps {
  truck: Truck | null;
  organizationName: string;
  onClose: () => void;
}

export function DeleteTruckDialog({ truck, organizationName, onClose }: DeleteTruckDialogProps) {
  const queryClient = useQueryClient();
  const removeTruck = useRemoveTruck();

  const confirm = async () => {
    if (!truck) return;
    try {
      await removeTruck.mutateAsync({ id: truck.id, version: truck.version });
      toast.success(`${truck.truckName} was deleted`);
      onClose();
    } catch (error) {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        onClose();
        toast.error(error.status === 404 ? 'This truck was already deleted' : error.message, {
          action: { label: 'Reload', onClick: () => void invalidateTrucks(queryClient, [truck.id]) },
        });
        void invalidateTrucks(queryClient, [truck.id]);
        return;
      }
      toast.error(error instanceof Error ? error.message : 'Could not delete the truck');
    }
  };

  return (
    <Dialog open={truck !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this truck?</DialogTitle>
          <DialogDescription>
            {truck ? (
              <>
                <span className="font-medium text-foreground">{truck.truckName}</span>
                {truck.unitNumber ? ` (unit ${truck.unitNumber})` : ''} will be removed from the board for
                everyone in {organizationName}.
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={removeTruck.isPending}>
            {removeTruck.isPending ? <Spinner decorative className="text-destructive-foreground" /> : null}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
