import { truckCreateSchema } from '@dispatch/domain';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { usePostingContact } from '../../postings';
import { usePostTruck } from '../api/post-truck';
import { emptyTruckForm } from '../truck-form-values';
import { TruckForm } from './truck-form';

export interface PostTruckProps {
  organizationId: string;
  cancel: ReactNode;
  onPosted: () => void;
}

export function PostTruck({ organizationId, cancel, onPosted }: PostTruckProps) {
  const postTruck = usePostTruck(organizationId);
  const { ready, contact, keep } = usePostingContact(organizationId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts once, when the session has answered
  const defaultValues = useMemo(() => emptyTruckForm(new Date(), contact), [ready]);
  if (!ready) return null;

  return (
    <TruckForm
      schema={truckCreateSchema}
      defaultValues={defaultValues}
      submitLabel="Post truck"
      cancel={cancel}
      onSubmit={async (values) => {
        const truck = await postTruck.mutateAsync(values);
        keep(truck);
        toast.success(`${truck.truckName} is on the board`);
        onPosted();
      }}
    />
  );
}
