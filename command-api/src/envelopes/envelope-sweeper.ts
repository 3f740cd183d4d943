import { randomUUID } from 'node:crypto';
import { collections } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyBaseLogger } from 'fastify';
import { envelopes } from '../aggregates.ts';
import { type CommandContext, handle } from '../command-handler.ts';
import { organizationDeletions, organizationTimeZone } from '../organizations/organization-store.ts';
import { repeatedSweep, sweepDue } from '../sweeping.ts';
import { deliverToReceiver, type EnvelopeChannels } from './envelope-delivery.ts';
import { signingRequestMessage } from './envelope-messages.ts';
import { newSigningToken, signingUrl } from './signing-token.ts';

export interface EnvelopeSweeperOptions extends EnvelopeChannels {
  store: EventStore;
  documents: DocumentStore;
  publicUrl: string;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The actor of what the product does on its own: reminders and expiry. */
export const SIGN_PRO_SYSTEM_ACTOR = 'system:sign-pro';

/**
 * Sends due reminders and cancels expired envelopes. The read model only finds the candidates (their
 * `dueAt`); whether a reminder is due is decided on the envelope's events, so a sweep that runs
 * twice, in two processes, or again after a restart sends nothing twice and skips nothing due.
 * A reminder is recorded before it is sent: a crash between the two loses that one message rather
 * than sending it twice, and the next one follows the schedule.
 */
export function envelopeSweeper(options: EnvelopeSweeperOptions) {
  const { store, documents, publicUrl, clock, log } = options;
  const isDeleted = organizationDeletions(store);

  async function sweepOne(orgId: string, envelopeId: string, now: Date): Promise<boolean> {
    const { token, tokenHash } = newSigningToken(envelopeId);
    const commandId = randomUUID();
    const context: CommandContext = {
      orgId,
      actorId: SIGN_PRO_SYSTEM_ACTOR,
      commandId,
      correlationId: commandId,
      now: () => now,
    };
    const result = await handle(
      store,
      envelopes,
      envelopeId,
      { type: 'SweepEnvelope', data: { envelopeId, now, tokenHash } },
      context,
    );
    const reminded = result.events.some((event) => event.type === 'EnvelopeReminderSent');
    const envelope = result.state.view;
    if (reminded && envelope) {
      try {
        await deliverToReceiver(
          options,
          envelope,
          signingRequestMessage(
            envelope,
            signingUrl(publicUrl, token),
            'reminder',
            await organizationTimeZone(store, orgId),
          ),
        );
      } catch (error) {
        log.error({ err: error, envelopeId }, 'envelope reminder could not be delivered');
      }
    }
    return result.events.length > 0;
  }

  /** One pass over every envelope due at `now` (see `sweepDue`); answers how many changed. */
  async function sweep(now = clock()): Promise<number> {
    let changed = 0;
    await sweepDue<{ id: string; orgId: string; position: string }>(
      documents,
      collections.envelopes,
      { filter: { dueAt: { lte: now.toISOString() } }, sort: [{ field: 'dueAt', direction: 'asc' }] },
      async (envelope) => {
        // A deleted organization's envelopes are neither reminded of nor expired: its links are gone.
        if (await isDeleted(envelope.orgId)) return;
        if (await sweepOne(envelope.orgId, envelope.id, now)) changed += 1;
      },
      (error, envelope) => log.error({ err: error, envelopeId: envelope.id }, 'envelope sweep failed'),
    );
    return changed;
  }

  return repeatedSweep(sweep);
}

export type EnvelopeSweeper = ReturnType<typeof envelopeSweeper>;
