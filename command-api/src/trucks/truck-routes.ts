import type { AuthService } from '@dispatch/auth';
import { parseInput } from '@dispatch/auth/http/boundary';
import { requireOrganization } from '@dispatch/auth/http/request-context';
import {
  TRUCK_SCHEMA_VERSION,
  type TruckInput,
  truckCreateSchema,
  truckPatchSchema,
  truckStream,
} from '@dispatch/domain';
import type { EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type CommandContext,
  type CommandResult,
  handleCommand,
  newCommandContext,
} from '../command-handler.ts';
import { setEventPosition } from '../event-position.ts';
import { truckDecider } from './truck-decider.ts';
import { allocateTruckId } from './truck-ids.ts';

const truckParams = z.object({ id: z.coerce.number().int().positive('Truck id must be a positive integer') });
const versionQuery = z.object({ version: z.coerce.number().int().nonnegative().optional() }).strict();

function contextFor(request: FastifyRequest, actor: { orgId: string; userId: string }) {
  const correlation = request.headers['x-correlation-id'];
  return newCommandContext({
    orgId: actor.orgId,
    actorId: actor.userId,
    correlationId: typeof correlation === 'string' && correlation.length <= 100 ? correlation : undefined,
  });
}

function reply<S, E>(fastify: FastifyReply, result: CommandResult<S, E>) {
  if (result.position !== null) setEventPosition(fastify, result.position);
}

/** Posts a truck under a newly allocated id. */
export async function postTruck(store: EventStore, input: TruckInput, context: CommandContext) {
  const truckId = await allocateTruckId(store, context);
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
    app.post('/api/v1/trucks', async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const input = parseInput(truckCreateSchema, request.body, 'body');
      const result = await postTruck(store, input, contextFor(request, actor));
      reply(response, result);
      return response.status(201).send(result.state.view);
    });

    app.patch('/api/v1/trucks/:id', async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const { id } = parseInput(truckParams, request.params, 'params');
      const { version, ...changes } = parseInput(truckPatchSchema, request.body, 'body');
      const result = await handleCommand(
        store,
        truckStream(id),
        truckDecider,
        { type: 'UpdateTruck', data: { truckId: id, orgId: actor.orgId, changes } },
        contextFor(request, actor),
        {
          statedRevision: version === undefined ? undefined : BigInt(version),
          schemaVersion: TRUCK_SCHEMA_VERSION,
        },
      );
      reply(response, result);
      return response.send(result.state.view);
    });

    app.delete('/api/v1/trucks/:id', async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const { id } = parseInput(truckParams, request.params, 'params');
      const { version } = parseInput(versionQuery, request.query, 'query');
      const result = await handleCommand(
        store,
        truckStream(id),
        truckDecider,
        { type: 'RemoveTruck', data: { truckId: id, orgId: actor.orgId } },
        contextFor(request, actor),
        {
          statedRevision: version === undefined ? undefined : BigInt(version),
          schemaVersion: TRUCK_SCHEMA_VERSION,
        },
      );
      reply(response, result);
      return response.status(204).send();
    });
  };
}
