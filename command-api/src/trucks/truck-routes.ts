import type { AuthService } from '@dispatch/auth';
import { requireOrganization } from '@dispatch/auth';
import { truckAnswerSchema, truckCreateSchema, truckPatchSchema } from '@dispatch/domain';
import { answers, parseInput } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { trucks } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';
import { allocateId, truckIds } from '../sequence-ids.ts';

const truckParams = z.object({ id: z.coerce.number().int().positive('Truck id must be a positive integer') });
const versionQuery = z.object({ version: z.coerce.number().int().nonnegative().optional() }).strict();

export function truckRoutes(options: { store: EventStore; auth: AuthService }): FastifyPluginAsync {
  const { store, auth } = options;
  return async (app) => {
    app.post('/api/v1/trucks', answers({ 201: truckAnswerSchema }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const input = parseInput(truckCreateSchema, request.body, 'body');
      const context = commandContextOf(request, actor);
      const truckId = await allocateId(store, truckIds, context);
      const result = await handle(
        store,
        trucks,
        truckId,
        { type: 'PostTruck', data: { truckId, orgId: actor.orgId, input } },
        context,
        { create: true },
      );
      sendPosition(response, result);
      return response.status(201).send(result.state.view);
    });

    app.patch('/api/v1/trucks/:id', answers({ 200: truckAnswerSchema }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const { id } = parseInput(truckParams, request.params, 'params');
      const { version, ...changes } = parseInput(truckPatchSchema, request.body, 'body');
      const result = await handle(
        store,
        trucks,
        id,
        { type: 'UpdateTruck', data: { truckId: id, orgId: actor.orgId, changes } },
        commandContextOf(request, actor),
        { statedRevision: version === undefined ? undefined : BigInt(version) },
      );
      sendPosition(response, result);
      return response.send(result.state.view);
    });

    app.delete('/api/v1/trucks/:id', answers({ 204: null }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const { id } = parseInput(truckParams, request.params, 'params');
      const { version } = parseInput(versionQuery, request.query, 'query');
      const result = await handle(
        store,
        trucks,
        id,
        { type: 'RemoveTruck', data: { truckId: id, orgId: actor.orgId } },
        commandContextOf(request, actor),
        { statedRevision: version === undefined ? undefined : BigInt(version) },
      );
      sendPosition(response, result);
      return response.status(204).send();
    });
  };
}
