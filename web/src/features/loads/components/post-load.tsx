import { loadCreateSchema } from '@dispatch/domain';
import { type ReactNode, useMemo } from 'react';
import { toast } from 'sonner';
import { usePostingContact } from '../../postings';
import { usePostLoad } from '../api/post-load';
import { emptyLoadForm } from '../load-form-values';
import { loadLabel } from '../load-label';
import { rememberedRateUnits, rememberRateUnits } from '../rate-units-memory';
import { LoadForm } from './load-form';

export interface PostLoadProps {
  organizationId: string;
  cancel: ReactNode;
  onPosted: () => void;
}

export function PostLoad({ organizationId, cancel, onPosted }: PostLoadProps) {
  const postLoad = usePostLoad(organizationId);
  const { ready, contact, keep } = usePostingContact(organizationId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts once, when the session has answered
  const defaultValues = useMemo(
    () => emptyLoadForm(new Date(), rememberedRateUnits(organizationId), contact),
    [organizationId, ready],
  );
  if (!ready) return null;

  return (
    <LoadForm
      schema={loadCreateSchema}
      defaultValues={defaultValues}
      submitLabel="Post load"
      cancel={cancel}
      onSubmit={async (values) => {
        const load = await postLoad.mutateAsync(values);
        rememberRateUnits(organizationId, load);
        keep(load);
        toast.success(`${loadLabel(load)} is on the board`);
        onPosted();
      }}
    />
  );
}
