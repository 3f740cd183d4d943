import {
  type QueryKey,
  type UseSuspenseQueryOptions,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { isApiError } from '../../lib/api-client';
import { Button } from '../ui/button';

export interface EditedVersionOptions<P extends { version: number }, K extends QueryKey> {
  /** The posting's query: its live value is compared with the one being edited. */
  query: UseSuspenseQueryOptions<P, Error, P, K>;
  /** "truck" or "load", as the texts name it. */
  noun: string;
  onDone: () => void;
}

/**
 * Edits the version it loaded. A live change to the posting does not overwrite what the
 * dispatcher is typing: it shows a notice, and saving a stale version is refused (409) with
 * the same way out, reloading the latest version.
 */
export function useEditedVersion<P extends { version: number }, K extends QueryKey>({
  query,
  noun,
  onDone,
}: EditedVersionOptions<P, K>) {
  const queryClient = useQueryClient();
  const { data: latest } = useSuspenseQuery(query);
  const [loaded, setLoaded] = useState(latest);

  const reload = async () => {
    try {
      const fresh = await queryClient.fetchQuery({ ...query, staleTime: 0 });
      setLoaded(fresh);
      toast.info(`Loaded the latest version of this ${noun}`);
    } catch (error) {
      const gone = isApiError(error) && error.status === 404;
      toast.error(gone ? `This ${noun} was deleted` : `Could not reload the ${noun}`);
      if (gone) onDone();
    }
  };

  /** A failed save: a stale version or a deleted posting is explained here, anything else rethrown. */
  const saveFailed = (error: unknown) => {
    if (isApiError(error) && error.status === 409) {
      toast.error(error.message, {
        description: 'Reload to get the latest version, then make your change again.',
        action: { label: 'Reload', onClick: () => void reload() },
        duration: 10_000,
      });
      return;
    }
    if (isApiError(error) && error.status === 404) {
      toast.error(`This ${noun} was deleted`);
      onDone();
      return;
    }
    throw error;
  };

  const notice =
    latest.version > loaded.version ? (
      <div
        role="status"
        className="mt-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300/60 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
      >
        <TriangleAlert className="size-4 shrink-0" aria-hidden />
        <span className="flex-1">{`Someone else changed this ${noun} while you were editing it.`}</span>
        <Button variant="outline" size="sm" onClick={reload}>
          <RefreshCw aria-hidden />
          Reload
        </Button>
      </div>
    ) : null;

  return { loaded, notice, saveFailed };
}
