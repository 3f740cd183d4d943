import type { MembershipLookup } from '@dispatch/auth';
import {
  decideOrganization,
  evolveOrganization,
  initialOrganizationState,
  ORGANIZATION_SCHEMA_VERSION,
  type OrganizationCommand,
  type OrganizationEvent,
  type OrganizationState,
  organizationStream,
} from '@dispatch/domain';
import { type EventStore, StreamNotFoundError } from '@dispatch/storage';
import { type CommandContext, type Decider, handleCommand } from '../command-handler.ts';

export const organizationDecider: Decider<OrganizationState, OrganizationCommand, OrganizationEvent> = {
  initialState: initialOrganizationState,
  evolve: (state, event) => evolveOrganization(state, event),
  decide: decideOrganization,
};

/** Reads, decides and appends one command on the organization stream `organization-{id}`. */
export function runOrganizationCommand(
  store: EventStore,
  organizationId: string,
  command: OrganizationCommand,
  context: CommandContext,
) {
  return handleCommand(store, organizationStream(organizationId), organizationDecider, command, context, {
    schemaVersion: ORGANIZATION_SCHEMA_VERSION,
  });
}

export async function loadOrganization(
  store: EventStore,
  organizationId: string,
): Promise<OrganizationState> {
  try {
    let state = initialOrganizationState();
    for (const event of await store.readStream(organizationStream(organizationId))) {
      state = evolveOrganization(state, event as unknown as OrganizationEvent);
    }
    return state;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return initialOrganizationState();
    throw error;
  }
}

const MAX_CACHED_ORGANIZATIONS = 10_000;

/**
 * Membership as the organization stream says it, for the check every organization-scoped command
 * makes. Each organization's folded state is kept with its revision and only the events appended
 * since are read, so the check stays exact (a removal counts from the very next command, in any
 * process) while costing one short indexed read.
 */
export function streamMemberships(store: EventStore): MembershipLookup {
  const current = organizationStates(store);
  return async (organizationId, userId) => {
    const state = await current(organizationId);
    if (state.status !== 'active') return null;
    const member = state.members.find((candidate) => candidate.userId === userId);
    return member ? { role: member.role } : null;
  };
}

/**
 * Whether an organization is deleted, as its stream says (exact, read as streamMemberships reads
 * it): what the product does on an organization's behalf without a member asking stops with it.
 */
export function organizationDeletions(store: EventStore): (organizationId: string) => Promise<boolean> {
  const current = organizationStates(store);
  return async (organizationId) => (await current(organizationId)).status === 'deleted';
}

/** Organizations' folded states, each kept with its revision: only the events appended since are read. */
function organizationStates(store: EventStore): (organizationId: string) => Promise<OrganizationState> {
  const cache = new Map<string, { state: OrganizationState; next: bigint }>();

  async function current(organizationId: string): Promise<OrganizationState> {
    const cached = cache.get(organizationId);
    let state = cached?.state ?? initialOrganizationState();
    let next = cached?.next ?? 0n;
    try {
      for (const event of await store.readStream(organizationStream(organizationId), {
        fromRevision: next,
      })) {
        state = evolveOrganization(state, event as unknown as OrganizationEvent);
        next = event.revision + 1n;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return initialOrganizationState();
      throw error;
    }
    cache.delete(organizationId);
    if (cache.size >= MAX_CACHED_ORGANIZATIONS) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(organizationId, { state, next });
    return state;
  }

  return current;
}
