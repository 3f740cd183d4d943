import { randomUUID } from 'node:crypto';
import { DEFAULT_TIME_ZONE, directions, products, rateUnits, trailerTypes, usCities } from '@dispatch/domain';
import { type EventStore, type NewEvent, newEventId } from '@dispatch/storage';

/** One organization's board as the generator wrote it. */
export interface GeneratedBoard {
  orgId: string;
  /** Trucks are named "Truck <id>" from this id on. */
  firstId: number;
  trucks: number;
  loads: number;
  dispatchers: string[];
  /** Events appended, and the position of the last one. */
  events: number;
  head: bigint;
}

export interface BoardShape {
  trucks: number;
  loads: number;
  /** First truck and load id: ids are global, so each organization takes its own range. */
  firstId: number;
  dispatchers?: number;
  /** How far back the first posting was made; postings are spread evenly up to now. */
  days?: number;
  /**
   * An organization the product created (and its user, who posts everything): the postings go to it,
   * and no organization or members are written.
   */
  existing?: { orgId: string; userId: string };
}

const DAY_MS = 86_400_000;

/**
 * A number from 0 to `range` - 1 that varies with the posting and `trait` independently of its other
 * traits: with plain `id % n`, a dispatcher (id % 20) would only ever post unavailable trucks (id % 4).
 */
function pick(id: number, trait: number, range: number): number {
  return (Math.imul(id ^ Math.imul(trait, 0x9e3779b9), 0x85ebca6b) >>> 7) % range;
}

function meta(orgId: string, actorId: string, occurredAt: string) {
  return { orgId, actorId, correlationId: newEventId(), causationId: null, schemaVersion: 1, occurredAt };
}

/** The deterministic variety of a posting: every filter finds some, none finds all. */
function truckData(truckId: number, availabilityDate: string) {
  const city = usCities[truckId % usCities.length] ?? usCities[0];
  return {
    truckId,
    trailerType: trailerTypes[pick(truckId, 1, trailerTypes.length)],
    companyName: `Carrier ${truckId % 700}`,
    unitNumber: `U-${truckId}`,
    truckName: `Truck ${truckId}`,
    truckState: city?.state,
    truckCity: city?.city,
    preferedState: null,
    preferedCity: null,
    direction: pick(truckId, 2, 9) === 8 ? null : directions[pick(truckId, 2, 9)],
    status: pick(truckId, 3, 4) !== 0,
    availabilityDate,
    dispatcherName: 'Dana Dispatcher',
    dispatcherCountryCode: '+1',
    dispatcherMobileNumber: '3125550100',
    dispatcherEmail: 'dana@example.com',
    notes: null,
  };
}

function loadData(loadId: number, availabilityDate: string) {
  const origin = usCities[loadId % usCities.length] ?? usCities[0];
  const destination = usCities[(loadId * 7) % usCities.length] ?? usCities[0];
  return {
    loadId,
    originState: origin?.state,
    originCity: origin?.city,
    destinationState: destination?.state,
    destinationCity: destination?.city,
    trailerType: trailerTypes[pick(loadId, 1, trailerTypes.length)],
    product: products[pick(loadId, 4, products.length)],
    rateForTitan: (loadId % 50) + 1,
    rateForTitanUnit: rateUnits[loadId % rateUnits.length],
    rateForCarrier: null,
    rateForCarrierUnit: 'TONS',
    customerName: `Customer ${loadId % 900}`,
    customerCountryCode: '+1',
    customerMobileNumber: '5155550123',
    customerEmail: null,
    dispatcherName: 'Dana Dispatcher',
    dispatcherMobileNumber: '3125550100',
    dispatcherCountryCode: '+1',
    dispatcherEmail: 'dana@example.com',
    availabilityDate,
    notes: null,
  };
}

/** The organization and its dispatchers as members, the first its owner: the head position after them. */
async function createOrganization(
  store: EventStore,
  orgId: string,
  dispatchers: string[],
  createdAt: string,
): Promise<bigint> {
  return (
    await store.append(
      `organization-${orgId}`,
      [
        {
          id: newEventId(),
          type: 'OrganizationCreated',
          data: {
            organizationId: orgId,
            name: `Bench Freight ${orgId.slice(0, 8)}`,
            slug: `bench-${orgId.slice(0, 8)}`,
            timeZone: DEFAULT_TIME_ZONE,
            createdBy: dispatchers[0],
          },
          metadata: meta(orgId, dispatchers[0] as string, createdAt),
        },
        ...dispatchers.map((userId, index) => ({
          id: newEventId(),
          type: 'MemberAdded',
          data: {
            organizationId: orgId,
            memberId: randomUUID(),
            userId,
            role: index === 0 ? 'owner' : 'member',
            email: `dispatcher-${index}@bench.example`,
            name: `Dispatcher ${index}`,
          },
          metadata: meta(orgId, dispatchers[0] as string, createdAt),
        })),
      ],
      { expected: 'no_stream' },
    )
  ).position;
}

/**
 * Creates an organization with `trucks` trucks and `loads` loads through the event store, as the
 * command side would: the organization and its dispatchers, then postings spread over `days` up to
 * now in commit order, trucks and loads interleaved; one posting in ten is edited (status and
 * availability) and one in fifty removed, a while after it was posted (those come on top, so the
 * board ends with about `trucks` trucks and `loads` loads).
 */
export async function generateBoard(store: EventStore, shape: BoardShape): Promise<GeneratedBoard> {
  const orgId = shape.existing?.orgId ?? randomUUID();
  const days = shape.days ?? 540;
  const dispatchers = shape.existing
    ? [shape.existing.userId]
    : Array.from({ length: shape.dispatchers ?? 20 }, () => randomUUID());
  const now = Date.now();
  const start = now - days * DAY_MS;
  const createdAt = new Date(start - DAY_MS).toISOString();
  let head = shape.existing
    ? await store.headPosition()
    : await createOrganization(store, orgId, dispatchers, createdAt);
  let events = shape.existing ? 0 : dispatchers.length + 1;

  // One posting in fifty is removed again: post that many more, so `trucks` and `loads` stay on the board.
  const trucksPosted = Math.round((shape.trucks * 50) / 49);
  const loadsPosted = Math.round((shape.loads * 50) / 49);
  const total = trucksPosted + loadsPosted;
  const step = (days * DAY_MS) / Math.max(1, total);
  // Edits and removals follow their posting by a few hundred postings, in commit order too.
  const later: { at: number; stream: string; event: NewEvent; revision: bigint }[] = [];
  let truckIndex = 0;
  let loadIndex = 0;
  let trucksRemoved = 0;
  let loadsRemoved = 0;
  for (let n = 0; n < total; n++) {
    const at = start + n * step;
    const occurredAt = new Date(at).toISOString();
    while (later.length && (later[0]?.at ?? Infinity) <= at) {
      const due = later.shift();
      if (!due) break;
      head = (await store.append(due.stream, [due.event], { expected: due.revision })).position;
      events++;
    }
    // Trucks and loads interleaved in proportion.
    const isTruck =
      loadIndex >= loadsPosted ||
      (truckIndex < trucksPosted && truckIndex * loadsPosted <= loadIndex * trucksPosted);
    const id = shape.firstId + (isTruck ? truckIndex++ : loadIndex++);
    const actor = dispatchers[pick(id, 5, dispatchers.length)] as string;
    const available = new Date(at + (pick(id, 6, 21) - 3) * DAY_MS).toISOString().slice(0, 10);
    const stream = `${isTruck ? 'truck' : 'load'}-${id}`;
    const data = isTruck
      ? truckData(id, `${available}T00:00:00.000Z`)
      : loadData(id, `${available}T00:00:00.000Z`);
    head = (
      await store.append(
        stream,
        [
          {
            id: newEventId(),
            type: isTruck ? 'TruckPosted' : 'LoadPosted',
            data,
            metadata: meta(orgId, actor, occurredAt),
          },
        ],
        { expected: 'no_stream' },
      )
    ).position;
    events++;
    const editAt = at + 300 * step;
    const fate = pick(id, 7, 50);
    if (fate % 10 === 3) {
      const changes = isTruck
        ? {
            status: pick(id, 8, 2) === 0,
            availabilityDate: `${new Date(editAt + DAY_MS).toISOString().slice(0, 10)}T00:00:00.000Z`,
          }
        : { availabilityDate: `${new Date(editAt + DAY_MS).toISOString().slice(0, 10)}T00:00:00.000Z` };
      later.push({
        at: editAt,
        stream,
        revision: 0n,
        event: {
          id: newEventId(),
          type: isTruck ? 'TruckUpdated' : 'LoadUpdated',
          data: { [isTruck ? 'truckId' : 'loadId']: id, changes },
          metadata: meta(orgId, actor, new Date(Math.min(editAt, now)).toISOString()),
        },
      });
    } else if (fate === 7) {
      if (isTruck) trucksRemoved++;
      else loadsRemoved++;
      later.push({
        at: editAt,
        stream,
        revision: 0n,
        event: {
          id: newEventId(),
          type: isTruck ? 'TruckRemoved' : 'LoadRemoved',
          data: { [isTruck ? 'truckId' : 'loadId']: id },
          metadata: meta(orgId, actor, new Date(Math.min(editAt, now)).toISOString()),
        },
      });
    }
  }
  for (const due of later) {
    head = (await store.append(due.stream, [due.event], { expected: due.revision })).position;
    events++;
  }
  return {
    orgId,
    firstId: shape.firstId,
    trucks: trucksPosted - trucksRemoved,
    loads: loadsPosted - loadsRemoved,
    dispatchers,
    events,
    head,
  };
}
