import type { EnvelopeStatus } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import { createStatusTracker, statusNotice, type TrackedEnvelope } from './status-notices';

const envelope = (envelopeId: string, envelopeStatus: EnvelopeStatus, extra: Partial<TrackedEnvelope> = {}) =>
  ({
    envelopeId,
    envelopeStatus,
    receiverName: 'Jane Doe',
    signerName: null,
    templateId: 'driver-onboarding-agreement',
    ...extra,
  }) satisfies TrackedEnvelope;

describe('statusNotice', () => {
  it('tells what the receiver did', () => {
    expect(statusNotice('sent', envelope('a', 'delivered'))?.message).toBe(
      'Jane Doe opened the driver onboarding agreement',
    );
    expect(
      statusNotice('delivered', envelope('a', 'completed', { signerName: 'Jane Q. Doe' }))?.message,
    ).toBe('Jane Q. Doe signed the driver onboarding agreement');
    expect(
      statusNotice('resent', envelope('a', 'rejected', { templateId: 'client-agreement' }))?.message,
    ).toBe('Jane Doe declined the client agreement');
  });

  it("says nothing of the sender's own actions, the product's, or no change", () => {
    expect(statusNotice('sent', envelope('a', 'voided'))).toBeNull();
    expect(statusNotice('delivered', envelope('a', 'resent'))).toBeNull();
    expect(statusNotice('sent', envelope('a', 'cancelled'))).toBeNull();
    expect(statusNotice('delivered', envelope('a', 'delivered'))).toBeNull();
  });
});

describe('createStatusTracker', () => {
  it('announces nothing for envelopes seen for the first time', () => {
    const tracker = createStatusTracker();
    expect(tracker.observeList('k', [envelope('a', 'completed')])).toEqual({ notices: [], left: [] });
  });

  it('announces a status that moved between two answers', () => {
    const tracker = createStatusTracker();
    tracker.observeList('k', [envelope('a', 'sent'), envelope('b', 'sent')]);
    const { notices } = tracker.observeList('k', [envelope('a', 'delivered'), envelope('b', 'sent')]);
    expect(notices.map((notice) => [notice.envelopeId, notice.kind])).toEqual([['a', 'opened']]);
    const next = tracker.observeList('k', [envelope('a', 'completed'), envelope('b', 'sent')]);
    expect(next.notices.map((notice) => notice.kind)).toEqual(['signed']);
  });

  it('remembers statuses across lists, so another page of the same envelope still compares', () => {
    const tracker = createStatusTracker();
    tracker.observeList('page-1', [envelope('a', 'sent')]);
    const { notices } = tracker.observeList('page-2', [envelope('a', 'rejected')]);
    expect(notices.map((notice) => notice.kind)).toEqual(['declined']);
  });

  it('names the open envelopes that left the same list, not those of another list', () => {
    const tracker = createStatusTracker();
    tracker.observeList('sent-only', [envelope('a', 'sent'), envelope('b', 'voided')]);
    expect(tracker.observeList('sent-only', []).left).toEqual(['a']);
    tracker.observeList('other', [envelope('c', 'sent')]);
    expect(tracker.observeList('sent-only', []).left).toEqual([]);
  });

  it('compares an envelope read on its own', () => {
    const tracker = createStatusTracker();
    tracker.observeList('k', [envelope('a', 'sent')]);
    expect(tracker.observeOne(envelope('a', 'completed'))?.kind).toBe('signed');
    expect(tracker.observeOne(envelope('a', 'completed'))).toBeNull();
  });
});
