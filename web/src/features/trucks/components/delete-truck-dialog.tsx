import type { Truck } from '@dispatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { DeletePostingDialog } from '../../../components/board/delete-posting-dialog';
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
  return (
    <DeletePostingDialog
      posting={truck}
      noun="truck"
      label={(truck) => truck.truckName}
      description={(truck) => (
        <>
          <span className="font-medium text-foreground">{truck.truckName}</span>
          {truck.unitNumber ? ` (unit ${truck.unitNumber})` : ''} will be removed from the board for everyone
          in {organizationName}.
        </>
      )}
      remove={removeTruck}
      reload={(id) => invalidateTrucks(queryClient, [id])}
      onClose={onClose}
    />
  );
}
