import {
  type EnvelopeAnswer,
  type EnvelopeStatus,
  isOpenEnvelopeStatus,
  templateLabels,
} from '@dispatch/domain';

/** What the tracker needs of an envelope. */
export type TrackedEnvelope = Pick<
  EnvelopeAnswer,
  'envelopeId' | 'envelopeStatus' | 'receiverName' | 'signerName' | 'templateId'
>;

export interface StatusNotice {
  envelopeId: string;
  kind: 'opened' | 'signed' | 'declined';
  message: string;
}

/**
 * What the receiver did, when an envelope moved from `before` to its status now: opened it, signed
 * or declined it. The sender's own actions (void, resend) and the product's (expiry) say nothing.
 */
export function statusNotice(before: EnvelopeStatus, envelope: TrackedEnvelope): StatusNotice | null {
  const after = envelope.envelopeStatus;
  if (before === after) return null;
  const document = templateLabels[envelope.templateId].toLowerCase();
  const { envelopeId, receiverName } = envelope;
  switch (after) {
    case 'delivered':
      return isOpenEnvelopeStatus(before)
        ? { envelopeId, kind: 'opened', message: `${receiverName} opened the ${document}` }
        : null;
    case 'completed':
      return {
        envelopeId,
        kind: 'signed',
        message: `${envelope.signerName || receiverName} signed the ${document}`,
      };
    case 'rejected':
      return { envelopeId, kind: 'declined', message: `${receiverName} declined the ${document}` };
    default:
      return null;
  }
}

export interface StatusTracker {
  /**
   * Records one answer of a list. Returns what changed since the envelopes were last seen, and the
   * envelopes that were open in the previous answer of the same list and are no longer on it (a
   * filtered list drops an envelope whose status moved): the caller reads those on their own.
   */
  observeList(
    listKey: string,
    envelopes: readonly TrackedEnvelope[],
  ): { notices: StatusNotice[]; left: string[] };
  /** Records one envelope read on its own. */
  observeOne(envelope: TrackedEnvelope): StatusNotice | null;
}

/** Keeps the last status seen of each envelope, to tell what a refetch brought. */
export function createStatusTracker(): StatusTracker {
  const statuses = new Map<string, EnvelopeStatus>();
  let last: { key: string; ids: string[] } | null = null;

  const observeOne = (envelope: TrackedEnvelope) => {
    const before = statuses.get(envelope.envelopeId);
    statuses.set(envelope.envelopeId, envelope.envelopeStatus);
    return before === undefined ? null : statusNotice(before, envelope);
  };

  return {
    observeList(listKey, envelopes) {
      const notices: StatusNotice[] = [];
      for (const envelope of envelopes) {
        const notice = observeOne(envelope);
        if (notice) notices.push(notice);
      }
      const ids = envelopes.map((envelope) => envelope.envelopeId);
      const present = new Set(ids);
      // Another list (a page, a filter) shows other envelopes: only a refetch of the same list says
      // that an envelope left it.
      const left =
        last?.key === listKey
          ? last.ids.filter((id) => {
              const status = statuses.get(id);
              return !present.has(id) && status !== undefined && isOpenEnvelopeStatus(status);
            })
          : [];
      last = { key: listKey, ids };
      return { notices, left };
    },
    observeOne,
  };
}
