import { loadEditSchema } from '@dispatch/domain';
import { type ReactNode, useMemo } from 'react';
import { toast } from 'sonner';
import { useEditedVersion } from '../../../components/board/edit-conflict';
import { loadQueryOptions } from '../api/get-load';
import { useUpdateLoad } from '../api/update-load';
import { loadPatchOf, loadToFormFields } from '../load-form-values';
import { loadLabel } from '../load-label';
import { LoadFigures } from './load-figures';
import { LoadForm } from './load-form';

export interface EditLoadProps {
  organizationId: string;
  loadId: number;
  cancel: ReactNode;
  onDone: () => void;
}

/** Edits the version it loaded; a live change or a stale save offers the latest (board/edit-conflict). */
export function EditLoad({ organizationId, loadId, cancel, onDone }: EditLoadProps) {
  const { loaded, notice, saveFailed } = useEditedVersion({
    query: loadQueryOptions(organizationId, loadId),
    noun: 'load',
    onDone,
  });
  const updateLoad = useUpdateLoad();
  const defaultValues = useMemo(() => loadToFormFields(loaded), [loaded]);

  return (
    <LoadForm
      // A reload starts the form again from the version it brings.
      key={loaded.version}
      schema={loadEditSchema}
      defaultValues={defaultValues}
      submitLabel="Save changes"
      cancel={cancel}
      notice={
        <>
          {notice}
          <LoadFigures organizationId={organizationId} load={loaded} />
        </>
      }
      onSubmit={async (values, dirty) => {
        const patch = loadPatchOf(values, dirty, loaded.version);
        if (!patch) {
          toast.info('No changes to save');
          onDone();
          return;
        }
        try {
          const load = await updateLoad.mutateAsync({ id: loadId, patch });
          toast.success(`${loadLabel(load)} was updated`);
          onDone();
        } catch (error) {
          saveFailed(error);
        }
      }}
    />
  );
}
