import type { EnvelopeType } from '@dispatch/domain';
import type { EnvelopesSearch } from '../envelopes-search';

/** A list call's parameters: a table's search and its type, or the latest activity of both types. */
export type EnvelopeListParams = Partial<EnvelopesSearch> & { type?: EnvelopeType };

/**
 * Query keys of the envelopes resource, built in one place so a command or a live change notice
 * invalidates with one line. The organization is part of every key.
 */
export const envelopeKeys = {
  all: ['envelopes'] as const,
  lists: () => ['envelopes', 'list'] as const,
  list: (organizationId: string, params: EnvelopeListParams) =>
    ['envelopes', 'list', organizationId, params] as const,
  counts: () => ['envelopes', 'counts'] as const,
  countsOf: (organizationId: string, type: EnvelopeType) =>
    ['envelopes', 'counts', organizationId, type] as const,
  details: () => ['envelopes', 'detail'] as const,
  detail: (organizationId: string, envelopeId: string) =>
    ['envelopes', 'detail', organizationId, envelopeId] as const,
  histories: () => ['envelopes', 'history'] as const,
  history: (organizationId: string, envelopeId: string) =>
    ['envelopes', 'history', organizationId, envelopeId] as const,
};

/** The receiver's signing page: no organization, no session; the token is the key. */
export const signingKeys = {
  all: ['signing'] as const,
  document: (token: string) => ['signing', token] as const,
};

/** Like the boards' lists (docs/rules.md#constants-and-limits): fresh for 10 seconds, refreshed live. */
export const ENVELOPES_STALE_TIME = 10_000;
