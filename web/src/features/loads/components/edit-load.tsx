import { loadEditSchema } from '@dispatch/domain';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { loadQueryOptions } from '../api/get-load';
import { useUpdateLoad } from '../api/update-load';
import { loadPatchOf, loadToFormFields } from '../load-form-values';
import { loadLabel } from '../load-label';
import { LoadForm } from './load-form';

export interface EditLoadProps {
  organizationId: string;
  loadId: number;
  cancel: ReactNode;
  onDone: () => void;
}

/**
 * Edits the version it loaded. A live change to this load does not overwrite what the
 * dispatcher is typing: it shows a notice, and saving a stale version is refused (409) with
 * the same way out, reloading the latest version.
 */
export function EditLoad({ organizationId, loadId, cancel, onDone }: EditLoadProps) {
  const queryClient = useQueryClient();
  const { data: latest } = useSuspenseQuery(loadQueryOptions(organizationId, loadId));
  const [loaded, setLoaded] = useState(latest);
  const updateLoad = useUpdateLoad();
  const defaultValues = useMemo(() => loadToFormFields(loaded), [loaded]);

  const reload = async () => {
    try {
      const fresh = await queryClient.fetchQuery({
        ...loadQueryOptions(organizationId, loadId),
        staleTime: 0,
      });
      setLoaded(fresh);
      toast.info('Loaded the latest version of this load');
    } catch (error) {
      const gone = isApiError(error) && error.status === 404;
      toast.error(gone ? 'This load was deleted' : 'Could not reload the load');
      if (gone) onDone();
    }
  };

  const changedElsewhere = latest.version > loaded.version;

  return (
    <LoadForm
      // A reload starts the form again from the version it brings.
      key={loaded.version}
      schema={loadEditSchema}
      defaultValues={defaultValues}
      submitLabel="Save changes"
      cancel={cancel}
      notice={
        changedElsewhere ? (
          <div
            role="status"
            className="mt-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300/60 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
          >
            <TriangleAlert className="size-4 shrink-0" aria-hidden />
            <span className="flex-1">Someone else changed this load while you were editing it.</span>
            <Button variant="outline" size="sm" onClick={reload}>
              <RefreshCw aria-hidden />
              Reload
            </Button>
          </div>
        ) : null
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
          if (isApiError(error) && error.status === 409) {
            toast.error(error.message, {
              description: 'Reload to get the latest version, then make your change again.',
              action: { label: 'Reload', onClick: () => void reload() },
              duration: 10_000,
            });
            return;
          }
          if (isApiError(error) && error.status === 404) {
            toast.error('This load was deleted');
            onDone();
            return;
          }
          throw error;
        }
      }}
    />
  );
}
