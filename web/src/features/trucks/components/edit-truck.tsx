import { truckEditSchema } from '@dispatch/domain';
import { type ReactNode, useMemo } from 'react';
import { toast } from 'sonner';
import { useEditedVersion } from '../../../components/board/edit-conflict';
import { truckQueryOptions } from '../api/get-truck';
import { useUpdateTruck } from '../api/update-truck';
import { truckPatchOf, truckToFormFields } from '../truck-form-values';
import { TruckForm } from './truck-form';

export interface EditTruckProps {
  organizationId: string;
  truckId: number;
  cancel: ReactNode;
  onDone: () => void;
}

/** Edits the version it loaded; a live change or a stale save offers the latest (board/edit-conflict). */
export function EditTruck({ organizationId, truckId, cancel, onDone }: EditTruckProps) {
  const { loaded, notice, saveFailed } = useEditedVersion({
    query: truckQueryOptions(organizationId, truckId),
    noun: 'truck',
    onDone,
  });
  const updateTruck = useUpdateTruck();
  const defaultValues = useMemo(() => truckToFormFields(loaded), [loaded]);

  return (
    <TruckForm
      // A reload starts the form again from the version it brings.
      key={loaded.version}
      schema={truckEditSchema}
      defaultValues={defaultValues}
      submitLabel="Save changes"
      cancel={cancel}
      notice={notice}
      onSubmit={async (values, dirty) => {
        const patch = truckPatchOf(values, dirty, loaded.version);
        if (!patch) {
          toast.info('No changes to save');
          onDone();
          return;
        }
        try {
          const truck = await updateTruck.mutateAsync({ id: truckId, patch });
          toast.success(`${truck.truckName} was updated`);
          onDone();
        } catch (error) {
          saveFailed(error);
        }
      }}
    />
  );
}
