import {
  ENVELOPE_ID_SEQUENCE_STREAM,
  ENVELOPE_SCHEMA_VERSION,
  type EnvelopeCommand,
  envelopeStream,
} from '@dispatch/domain';
import type { EventStore } from '@dispatch/storage';
import { type CommandContext, handleCommand } from '../command-handler.ts';
import type { IdSequence } from '../sequence-ids.ts';
import { envelopeDecider } from './envelope-decider.ts';

export const envelopeIds: IdSequence = {
  stream: ENVELOPE_ID_SEQUENCE_STREAM,
  allocatedEvent: 'EnvelopeIdAllocated',
};

/** Decides `command` on the envelope's stream and appends what it decided. */
export function runEnvelopeCommand(
  store: EventStore,
  envelopeId: string,
  command: EnvelopeCommand,
  context: CommandContext,
  options: { create?: boolean } = {},
) {
  return handleCommand(store, envelopeStream(envelopeId), envelopeDecider, command, context, {
    create: options.create,
    schemaVersion: ENVELOPE_SCHEMA_VERSION,
    organizationOf: (state) => (state.decision.status === 'none' ? null : state.decision.orgId),
  });
}
