import { type WebhookAnswer, webhookReplaySchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog';
import { InputField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { isApiError } from '../../../lib/api-client';
import { useReplayWebhook } from '../api/replay-webhook';

/** Sends every event after a sequence again, in order: for a receiver that lost what it had taken. */
export function ReplayDialog({ endpoint, onClose }: { endpoint: WebhookAnswer; onClose: () => void }) {
  const replay = useReplayWebhook();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ after: string }>({
    resolver: zodResolver(webhookReplaySchema),
    defaultValues: { after: '' },
  });
  const submit = handleSubmit(async ({ after }) => {
    setFailure(null);
    try {
      await replay.mutateAsync({ id: endpoint.id, after });
      toast.success(`Replaying every event after sequence ${after}`, {
        description: 'The deliveries show in the log as they are made.',
      });
      onClose();
    } catch (error) {
      const message = isApiError(error) ? error.fieldErrors.after?.[0] : undefined;
      if (message) setError('after', { type: 'server', message });
      else setFailure(isApiError(error) ? error.message : 'Could not replay the events. Try again.');
    }
  });
  return (
    <DialogFrame
      open
      onClose={onClose}
      title="Replay from sequence"
      description={`Every event of the endpoint's types after this sequence is sent again, in order, before anything new. Delivered through sequence ${endpoint.deliveredThrough} so far.`}
      onSubmit={submit}
    >
      <FormAlert message={failure} />
      <InputField
        id="webhook-replay-after"
        label="After sequence"
        hint="0 sends everything"
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        error={errors.after?.message}
        {...register('after')}
      />
      <DialogActions label="Replay" pending={isSubmitting} />
    </DialogFrame>
  );
}
