import {
  applyEnvelopeEvent,
  decideEnvelope,
  type Envelope,
  type EnvelopeCommand,
  type EnvelopeEvent,
  type EnvelopeState,
  evolveEnvelope,
  initialEnvelopeState,
} from '@dispatch/domain';
import type { Decider } from '../command-handler.ts';

/** The decision state plus the envelope as the product shows it, so a command can answer with it. */
export interface EnvelopeCommandState {
  decision: EnvelopeState;
  view: Envelope | null;
}

export const envelopeDecider: Decider<EnvelopeCommandState, EnvelopeCommand, EnvelopeEvent> = {
  initialState: () => ({ decision: initialEnvelopeState(), view: null }),
  evolve: (state, event, recorded) => ({
    decision: evolveEnvelope(state.decision, event, recorded.metadata.orgId, recorded.metadata.occurredAt),
    view: applyEnvelopeEvent(state.view, {
      ...event,
      revision: recorded.revision,
      metadata: recorded.metadata,
    }),
  }),
  decide: (command, state) => decideEnvelope(command, state.decision),
};
