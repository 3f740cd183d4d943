import {
  decideTruck,
  directions,
  evolveTruck,
  initialTruckState,
  TRUCK_ID_SEQUENCE_STREAM,
  TRUCK_SCHEMA_VERSION,
  type TruckCommand,
  type TruckState,
  trailerTypes,
  truckCreateSchema,
  truckStream,
  usCities,
} from '@dispatch/domain';
import { type EventStore, newEventId } from '@dispatch/storage';
import { dateFromToday } from '@dispatch/test-kit';

/**
 * A long log for the crash tests, appended straight to the event store (the product stopped), as the
 * command side would have appended it: trucks decided by the domain, five events or so each.
 */

/**
 * A truck's life: posted, edited three times, and for one truck in seven removed, at the instants
 * `at(step)` gives.
 */
function truckLife(truckId: number, orgId: string, actorId: string, at: (step: number) => string) {
  const city = usCities[truckId % usCities.length]!;
  const input = truckCreateSchema.parse({
    trailerType: trailerTypes[truckId % trailerTypes.length],
    truckName: `Catch-up ${truckId}`,
    truckState: city.state,
    truckCity: city.city,
    direction: directions[truckId % directions.length],
    status: truckId % 2 === 0,
    // Available from three days on: on the board whenever the spec runs (past postings expire).
    availabilityDate: dateFromToday(3),
    dispatcherName: 'Crash Dispatcher',
    dispatcherMobileNumber: '3125550100',
    dispatcherEmail: 'crash@example.com',
  });
  const commands: ('PostTruck' | 'UpdateTruck' | 'RemoveTruck')[] = [
    'PostTruck',
    'UpdateTruck',
    'UpdateTruck',
    'UpdateTruck',
  ];
  if (truckId % 7 === 0) commands.push('RemoveTruck');
  let state: TruckState = initialTruckState();
  return commands.flatMap((type, step) => {
    const data = { truckId, orgId };
    const command: TruckCommand =
      type === 'PostTruck'
        ? { type, data: { ...data, input } }
        : type === 'UpdateTruck'
          ? {
              type,
              data: { ...data, changes: { notes: `edit ${step}`, status: (truckId + step) % 2 === 0 } },
            }
          : { type, data };
    return decideTruck(command, state).map((event) => {
      state = evolveTruck(state, event, orgId);
      return {
        id: newEventId(),
        type: event.type,
        data: event.data,
        metadata: {
          orgId,
          actorId,
          correlationId: newEventId(),
          causationId: null,
          schemaVersion: TRUCK_SCHEMA_VERSION,
          occurredAt: at(step),
        },
      };
    });
  });
}

/** Trucks still on the board once `trucks` lives are appended (one in seven is removed). */
export const trucksLeft = (trucks: number) => trucks - Math.floor(trucks / 7);

/**
 * Appends the lives of trucks 1 to `trucks`, spread over the last two days, with the reservation of
 * their ids in the truck id sequence, so trucks posted afterwards through the API get the next ids.
 * The product must not have posted a truck before.
 */
export async function appendTruckLives(store: EventStore, orgId: string, actorId: string, trucks: number) {
  await store.append(
    TRUCK_ID_SEQUENCE_STREAM,
    [
      {
        id: newEventId(),
        type: 'TruckIdsReserved',
        data: { first: 1, last: trucks },
        metadata: {
          orgId,
          actorId,
          correlationId: newEventId(),
          causationId: null,
          schemaVersion: 1,
          occurredAt: new Date().toISOString(),
        },
      },
    ],
    { expected: 'no_stream' },
  );
  const start = Date.now() - 2 * 24 * 3_600_000;
  const span = 2 * 24 * 3_600_000 - 60_000;
  const at = (truckId: number) => (step: number) =>
    new Date(start + Math.floor(((truckId * 5 + step) / (trucks * 5)) * span)).toISOString();
  for (let first = 1; first <= trucks; first += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, trucks - first + 1) }, (_, i) => {
        const truckId = first + i;
        return store.append(truckStream(truckId), truckLife(truckId, orgId, actorId, at(truckId)), {
          expected: 'no_stream',
        });
      }),
    );
  }
}
