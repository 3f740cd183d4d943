import type { MembershipLookup } from '@dispatch/auth';
import { DEFAULT_TIME_ZONE, type OrganizationState } from '@dispatch/domain';
import type { EventStore } from '@dispatch/storage';
import { organizations } from '../aggregates.ts';
import { readStreamState, type StreamState } from '../command-handler.ts';

export async function loadOrganization(
  store: EventStore,
  organizationId: string,
): Promise<OrganizationState> {
  return (await readStreamState(store, organizations.stream(organizationId), organizations.decider)).state;
}

/** The time zone an organization's dates read in, for what it sends (mails, messages). */
export async function organizationTimeZone(store: EventStore, organizationId: string): Promise<string> {
  const organization = await loadOrganization(store, organizationId);
  return organization.status === 'active' ? organization.timeZone : DEFAULT_TIME_ZONE;
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
  const cache = new Map<string, StreamState<OrganizationState>>();

  async function current(organizationId: string): Promise<OrganizationState> {
    const known = cache.get(organizationId);
    const read = await readStreamState(
      store,
      organizations.stream(organizationId),
      organizations.decider,
      known,
    );
    // An organization without events is not kept: ids that name nothing take no place.
    if (read.revision === null) return read.state;
    cache.delete(organizationId);
    if (cache.size >= MAX_CACHED_ORGANIZATIONS) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(organizationId, read);
    return read.state;
  }

  return current;
}

/** Organizations as their streams say now (kept folded, see organizationStates), for what the sweeps decide. */
export function currentOrganizations(
  store: EventStore,
): (organizationId: string) => Promise<OrganizationState> {
  return organizationStates(store);
}
