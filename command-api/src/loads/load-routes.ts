import type { AuthService } from '@dispatch/auth';
import { requireOrganization } from '@dispatch/auth';
import {
  LOAD_ID_SEQUENCE_STREAM,
  LOAD_SCHEMA_VERSION,
  type LoadInput,
  loadAnswerSchema,
  loadCreateSchema,
  loadPatchSchema,
  loadStream,
} from '@dispatch/domain';
import { answers, parseInput } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { type CommandContext, handleCommand } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';
import { allocateId, type IdSequence } from '../sequence-ids.ts';
import { loadDecider } from './load-decider.ts';

const loadParams = z.object({ id: z.coerce.number().int().positive('Load id must be a positive integer') });
const versionQuery = z.object({ version: z.coerce.number().int().nonnegative().optional() }).strict();

const loadIds: IdSequence = { stream: LOAD_ID_SEQUENCE_STREAM, allocatedEvent: 'LoadIdAllocated' };

/** The next load id. */
export const allocateLoadId = (store: EventStore, context: CommandContext) =>
  allocateId(store, loadIds, context);

/** Posts a load under a newly allocated id, or under `given`, one allocated before (a CSV import's row). */
export async function postLoad(store: EventStore, input: LoadInput, context: CommandContext, given?: number) {
  const loadId = given ?? (await allocateLoadId(store, context));
  return handleCommand(
    store,
    loadStream(loadId),
    loadDecider,
    { type: 'PostLoad', data: { loadId, orgId: context.orgId, input } },
    context,
    { create: true, schemaVersion: LOAD_SCHEMA_VERSION },
  );
}

export function loadRoutes(options: { store: EventStore; auth: AuthService }): FastifyPluginAsync {
  const { store, auth } = options;
  const statedRevision = (version: number | undefined) =>
    version === undefined ? undefined : BigInt(version);
  return async (app) => {
    app.post('/api/v1/loads', answers({ 201: loadAnswerSchema }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const input = parseInput(loadCreateSchema, request.body, 'body');
      const result = await postLoad(store, input, commandContextOf(request, actor));
      sendPosition(response, result);
      return response.status(201).send(result.state.view);
    });

    app.patch('/api/v1/loads/:id', answers({ 200: loadAnswerSchema }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const { id } = parseInput(loadParams, request.params, 'params');
      const { version, ...changes } = parseInput(loadPatchSchema, request.body, 'body');
      const result = await handleCommand(
        store,
        loadStream(id),
        loadDecider,
        { type: 'UpdateLoad', data: { loadId: id, orgId: actor.orgId, changes } },
        commandContextOf(request, actor),
        { statedRevision: statedRevision(version), schemaVersion: LOAD_SCHEMA_VERSION },
      );
      sendPosition(response, result);
      return response.send(result.state.view);
    });

    app.delete('/api/v1/loads/:id', answers({ 204: null }), async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const { id } = parseInput(loadParams, request.params, 'params');
      const { version } = parseInput(versionQuery, request.query, 'query');
      const result = await handleCommand(
        store,
        loadStream(id),
        loadDecider,
        { type: 'RemoveLoad', data: { loadId: id, orgId: actor.orgId } },
        commandContextOf(request, actor),
        { statedRevision: statedRevision(version), schemaVersion: LOAD_SCHEMA_VERSION },
      );
      sendPosition(response, result);
      return response.status(204).send();
    });
  };
}
