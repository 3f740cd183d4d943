import type { AuthService } from '@dispatch/auth';
import { requireOrganization } from '@dispatch/auth';
import {
  TRUCK_ID_SEQUENCE_STREAM,
  TRUCK_SCHEMA_VERSION,
  type TruckInput,
  truckAnswerSchema,
  truckCreateSchema,
  truckPatchSchema,
  truckStream,
} from '@dispatch/domain';
import { answers, parseInput } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { type CommandContext, handleCommand } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';
import { allocateId, type IdSequence } from '../sequence-ids.ts';
import { truckDecider } from './truck-decider.ts';

const truckParams = z.object({ id: z.coerce.number().int().positive('Truck id must be a positive integer') });
const versionQuery = z.object({ version: z.coerce.number().int().nonnegative().optional() }).strict();

const truckIds: IdSequence = { stream: TRUCK_ID_SEQUENCE_STREAM, allocatedEvent: 'TruckIdAllocated' };

/** The next truck id. */
export const allocateTruckId = (store: EventStore, context: CommandContext) =>
  allocateId(store, truckIds, context);

/** Posts a truck under a newly allocated id, or under `given`, one allocated before (a CSV import's row). */
export async function postTruck(
  store: EventStore,
  input: TruckInput,
  context: CommandContext,
  given?: number,
) {
  const truckId = given ?? (await allocateTruckId(store, context));
  return handleCommand(
    store,
    truckStream(truckId),
    truckDecider,
    { type: 'PostTruck', data: { truckId, orgId: context.orgId, input } },
    context,
    { create: true, schemaVersion: TRUCK_SCHEMA_VERSION },
  );
}

export function truckRoutes(options: { store: EventStore; auth: AuthService }): FastifyPluginAsync {
  const { store, auth } = options;
  return async (app) => {
    app.post('/api/v1/trucks', answers({ 201: truckAnswerSchema }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const input = parseInput(truckCreateSchema, request.body, 'body');
      const result = await postTruck(store, input, commandContextOf(request, actor));
      sendPosition(response, result);
      return response.status(201).send(result.state.view);
    });

    app.patch('/api/v1/trucks/:id', answers({ 200: truckAnswerSchema }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const { id } = parseInput(truckParams, request.params, 'params');
      const { version, ...changes } = parseInput(truckPatchSchema, request.body, 'body');
      const result = await handleCommand(
        store,
        truckStream(id),
        truckDecider,
        { type: 'UpdateTruck', data: { truckId: id, orgId: actor.orgId, changes } },
        commandContextOf(request, actor),
        {
          statedRevision: version === undefined ? undefined : BigInt(version),
          schemaVersion: TRUCK_SCHEMA_VERSION,
        },
      );
      sendPosition(response, result);
      return response.send(result.state.view);
    });

    app.delete('/api/v1/trucks/:id', answers({ 204: null }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const { id } = parseInput(truckParams, request.params, 'params');
      const { version } = parseInput(versionQuery, request.query, 'query');
      const result = await handleCommand(
        store,
        truckStream(id),
        truckDecider,
        { type: 'RemoveTruck', data: { truckId: id, orgId: actor.orgId } },
        commandContextOf(request, actor),
        {
          statedRevision: version === undefined ? undefined : BigInt(version),
          schemaVersion: TRUCK_SCHEMA_VERSION,
        },
      );
      sendPosition(response, result);
      return response.status(204).send();
    });
  };
}
