import {
  applyEnvelopeEvent,
  type EnvelopeEvent,
  type EnvelopeEventEnvelope,
  envelopeEventTypes,
} from '@dispatch/domain';
import {
  collections,
  type EnvelopeDocument,
  envelopeCountsCollection,
  envelopeCountsId,
  envelopeDocumentOf,
  envelopeOfDocument,
  envelopesCollection,
} from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection } from '../projection.ts';

/**
 * The envelopes list and its counters. Every event replaces the envelope's document and tells the
 * organization's live clients; one that changes the status takes the envelope out of its old
 * status's counter and puts it into the new one (a new envelope only into `sent`).
 */
export const envelopesProjection: Projection = {
  name: 'envelopes',
  collections: [envelopesCollection, envelopeCountsCollection],
  eventTypes: envelopeEventTypes,
  async apply(recorded: RecordedEvent, context) {
    const event = recorded as unknown as EnvelopeEvent & EnvelopeEventEnvelope & RecordedEvent;
    const { orgId } = recorded.metadata;
    const id = event.data.envelopeId;
    const current =
      event.type === 'EnvelopeSent' ? null : await context.get<EnvelopeDocument>(collections.envelopes, id);
    if (event.type !== 'EnvelopeSent' && !current) return;
    const next = applyEnvelopeEvent(current && envelopeOfDocument(current), event);
    if (!next) return;
    context.put(collections.envelopes, envelopeDocumentOf(next, orgId, recorded.metadata.occurredAt));
    const before = current?.envelopeStatus ?? null;
    if (before !== next.envelopeStatus) {
      const by: Record<string, number> = { [`counts.${next.envelopeStatus}`]: 1 };
      if (before) by[`counts.${before}`] = -1;
      context.increment(
        collections.envelopeCounts,
        envelopeCountsId(orgId, next.type),
        { orgId, type: next.type },
        by,
      );
    }
    context.changed('envelopes', orgId, id);
  },
};
