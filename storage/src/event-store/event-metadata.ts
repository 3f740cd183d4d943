import type { EventMetadata } from './port.ts';

/** Who caused an event, why and from where: everything its metadata records. */
export interface EventCause {
  orgId: string;
  actorId: string;
  correlationId: string;
  /** The command that produced the event; null for what no command caused (a quota ledger's entry). */
  causationId: string | null;
  occurredAt: Date;
  /** The client of the HTTP request behind the event; left out when unknown or empty. */
  ip?: string;
  userAgent?: string;
}

/** The metadata of an event, the same for every writer: its client fields only when there are some. */
export function eventMetadata(cause: EventCause, schemaVersion: number): EventMetadata {
  return {
    orgId: cause.orgId,
    actorId: cause.actorId,
    correlationId: cause.correlationId,
    causationId: cause.causationId,
    schemaVersion,
    occurredAt: cause.occurredAt.toISOString(),
    ...(cause.ip ? { ip: cause.ip } : {}),
    ...(cause.userAgent ? { userAgent: cause.userAgent } : {}),
  };
}
