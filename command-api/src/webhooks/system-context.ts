import { randomUUID } from 'node:crypto';
import { WEBHOOK_SYSTEM_ACTOR } from '@dispatch/domain';
import type { CommandContext } from '../command-handler.ts';

/** What the deliverer records acts in the endpoint's organization, as the product itself. */
export function systemContext(orgId: string, now: Date): CommandContext {
  const commandId = randomUUID();
  return { orgId, actorId: WEBHOOK_SYSTEM_ACTOR, commandId, correlationId: commandId, now: () => now };
}
