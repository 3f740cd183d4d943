import type { AuthService } from '@dispatch/auth';
import { requireOrganization } from '@dispatch/auth';
import { loadAnswerSchema, loadCreateSchema, loadPatchSchema } from '@dispatch/domain';
import { answers, parseInput } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { loads } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';
import { allocateId, loadIds } from '../sequence-ids.ts';

const loadParams = z.object({ id: z.coerce.number().int().positive('Load id must be a positive integer') });
const versionQuery = z.object({ version: z.coerce.number().int().nonnegative().optional() }).strict();

export function loadRoutes(options: { store: EventStore; auth: AuthService }): FastifyPluginAsync {
  const { store, auth } = options;
  const statedRevision = (version: number | undefined) =>
    version === undefined ? undefined : BigInt(version);
  return async (app) => {
    app.post('/api/v1/loads', answers({ 201: loadAnswerSchema }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const input = parseInput(loadCreateSchema, request.body, 'body');
      const context = commandContextOf(request, actor);
      const loadId = await allocateId(store, loadIds, context);
      const result = await handle(
        store,
        loads,
        loadId,
        { type: 'PostLoad', data: { loadId, orgId: actor.orgId, input } },
        context,
        { create: true },
      );
      sendPosition(response, result);
      return response.status(201).send(result.state.view);
    });

    app.patch('/api/v1/loads/:id', answers({ 200: loadAnswerSchema }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const { id } = parseInput(loadParams, request.params, 'params');
      const { version, ...changes } = parseInput(loadPatchSchema, request.body, 'body');
      const result = await handle(
        store,
        loads,
        id,
        { type: 'UpdateLoad', data: { loadId: id, orgId: actor.orgId, changes } },
        commandContextOf(request, actor),
        { statedRevision: statedRevision(version) },
      );
      sendPosition(response, result);
      return response.send(result.state.view);
    });

    app.delete('/api/v1/loads/:id', answers({ 204: null }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const { id } = parseInput(loadParams, request.params, 'params');
      const { version } = parseInput(versionQuery, request.query, 'query');
      const result = await handle(
        store,
        loads,
        id,
        { type: 'RemoveLoad', data: { loadId: id, orgId: actor.orgId } },
        commandContextOf(request, actor),
        { statedRevision: statedRevision(version) },
      );
      sendPosition(response, result);
      return response.status(204).send();
    });
  };
}
