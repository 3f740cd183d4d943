import { type EnvelopeAnswer, envelopeVoidSchema, templateLabels } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog';
import { Field, fieldControlProps } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { useVoidEnvelope } from '../api/envelope-commands';

const REASON_MAX = 500;

interface VoidFields {
  voidReason: string;
}

/** Asks before voiding, with an optional reason (up to 500 characters) kept on the envelope. */
export function VoidEnvelopeDialog({
  envelope,
  onClose,
}: {
  /** The envelope to void; null keeps the dialog closed. */
  envelope: EnvelopeAnswer | null;
  onClose: () => void;
}) {
  const voidEnvelope = useVoidEnvelope();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<VoidFields, unknown, { voidReason: string | null }>({
    resolver: zodResolver(envelopeVoidSchema) as unknown as Resolver<
      VoidFields,
      unknown,
      { voidReason: string | null }
    >,
    defaultValues: { voidReason: '' },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new envelope starts an empty form
  useEffect(() => reset({ voidReason: '' }), [envelope?.envelopeId, reset]);
  const length = watch('voidReason')?.length ?? 0;
  const error = errors.voidReason?.message;

  const submit = async ({ voidReason }: { voidReason: string | null }) => {
    if (!envelope) return;
    try {
      await voidEnvelope.mutateAsync({ envelopeId: envelope.envelopeId, voidReason });
      toast.success(`The envelope to ${envelope.receiverName} is voided`);
      onClose();
    } catch (failure) {
      const message = isApiError(failure) ? failure.fieldErrors.voidReason?.[0] : undefined;
      if (message) {
        setError('voidReason', { type: 'server', message });
        return;
      }
      onClose();
      toast.error(isApiError(failure) ? failure.message : 'Could not void the envelope');
    }
  };

  return (
    <DialogFrame
      open={envelope !== null}
      onClose={onClose}
      title="Void this envelope?"
      description={
        envelope ? (
          <>
            <span className="font-medium text-foreground">{envelope.receiverName}</span> will no longer be
            able to sign the {templateLabels[envelope.templateId].toLowerCase()}. Their link stops working at
            once.
          </>
        ) : null
      }
      onSubmit={handleSubmit(submit)}
    >
      <Field id="void-reason" label="Reason" hint="Optional" error={error}>
        <Textarea
          rows={3}
          maxLength={REASON_MAX}
          placeholder="Why is it voided? Only your organization sees this."
          {...fieldControlProps('void-reason', error, 'Optional')}
          {...register('voidReason')}
        />
        <span className="self-end text-xs text-muted-foreground tabular-nums">
          {length}/{REASON_MAX}
        </span>
      </Field>
      <DialogActions label="Void envelope" variant="destructive" pending={isSubmitting} />
    </DialogFrame>
  );
}
