import type { EnvelopeAnswer } from '@dispatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { envelopeQueryOptions } from './api/get-envelope';
import { createStatusTracker, type StatusNotice, type StatusTracker } from './status-notices';

function announce(notice: StatusNotice) {
  const options = { id: `${notice.envelopeId}:${notice.kind}` };
  if (notice.kind === 'signed') toast.success(notice.message, options);
  else if (notice.kind === 'declined') toast.warning(notice.message, options);
  else toast.info(notice.message, options);
}

/**
 * Tells the sender what the receivers did while a list is open: a refetch (after a live change
 * notice) that finds an envelope opened, signed or declined shows a toast. An open envelope that
 * left a filtered list is read on its own to learn why.
 */
export function useStatusNotices(
  organizationId: string,
  /** Names the list: only a refetch of the same list can tell that an envelope left it. */
  listKey: string,
  envelopes: readonly EnvelopeAnswer[] | undefined,
  /** The previous list's rows shown while another one loads: not an answer of this list. */
  isPlaceholderData = false,
) {
  const queryClient = useQueryClient();
  const trackerRef = useRef<StatusTracker | null>(null);
  trackerRef.current ??= createStatusTracker();

  useEffect(() => {
    const tracker = trackerRef.current;
    if (!envelopes || isPlaceholderData || !tracker) return;
    const { notices, left } = tracker.observeList(listKey, envelopes);
    notices.forEach(announce);
    for (const envelopeId of left) {
      queryClient
        .fetchQuery(envelopeQueryOptions(organizationId, envelopeId))
        .then((envelope) => {
          const notice = tracker.observeOne(envelope);
          if (notice) announce(notice);
        })
        .catch(() => undefined);
    }
  }, [envelopes, isPlaceholderData, listKey, organizationId, queryClient]);
}
