import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireScope } from '@dispatch/auth';
import {
  loadAnswerSchema,
  loadCreateSchema,
  loadPatchSchema,
  refreshPostingSchema,
  todayIn,
} from '@dispatch/domain';
import { answers, openToKeys, type RoutesPlugin } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import { z } from 'zod';
import { loads } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { organizationTimeZone } from '../organizations/organization-store.ts';
import { loadWithPlaces } from '../places-on-map.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';
import { allocateId, loadIds } from '../sequence-ids.ts';

const loadParams = z.object({ id: z.coerce.number().int().positive('Load id must be a positive integer') });
const versionQuery = z.object({ version: z.coerce.number().int().nonnegative().optional() }).strict();

/** Members of the organization, and its API keys with the `postings:write` scope. */
const writesPostings = requireScope('postings:write');

export function loadRoutes(options: { store: EventStore; auth: AuthService }): RoutesPlugin {
  const { store, auth } = options;
  const statedRevision = (version: number | undefined) =>
    version === undefined ? undefined : BigInt(version);
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, writesPostings));
    const created = openToKeys(
      'postings:write',
      answers({ 201: loadAnswerSchema }, { body: loadCreateSchema }),
    );
    app.post('/api/v1/loads', created, async (request, response) => {
      const actor = await writesPostings(auth, request);
      const context = commandContextOf(request, actor);
      const loadId = await allocateId(store, loadIds, context);
      const result = await handle(
        store,
        loads,
        loadId,
        { type: 'PostLoad', data: { loadId, orgId: actor.orgId, input: request.body } },
        context,
        { create: true },
      );
      sendPosition(response, result);
      return response.status(201).send(result.state.view && loadWithPlaces(result.state.view));
    });

    const updated = openToKeys(
      'postings:write',
      answers({ 200: loadAnswerSchema }, { params: loadParams, body: loadPatchSchema }),
    );
    app.patch('/api/v1/loads/:id', updated, async (request, response) => {
      const actor = await writesPostings(auth, request);
      const { id } = request.params;
      const { version, ...changes } = request.body;
      const result = await handle(
        store,
        loads,
        id,
        { type: 'UpdateLoad', data: { loadId: id, orgId: actor.orgId, changes } },
        commandContextOf(request, actor),
        { statedRevision: statedRevision(version) },
      );
      sendPosition(response, result);
      return response.send(result.state.view && loadWithPlaces(result.state.view));
    });

    const removed = openToKeys(
      'postings:write',
      answers({ 204: null }, { params: loadParams, querystring: versionQuery }),
    );
    app.delete('/api/v1/loads/:id', removed, async (request, response) => {
      const actor = await writesPostings(auth, request);
      const { id } = request.params;
      const { version } = request.query;
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

    // Re-posts the load (docs/rules.md#posting-age-and-expiry): its age starts again; an expired one is back on the board.
    const refreshed = openToKeys(
      'postings:write',
      answers({ 200: loadAnswerSchema }, { params: loadParams, body: refreshPostingSchema }),
    );
    app.post('/api/v1/loads/:id/refresh', refreshed, async (request, response) => {
      const actor = await writesPostings(auth, request);
      const { id } = request.params;
      const context = commandContextOf(request, actor);
      const today = todayIn(await organizationTimeZone(store, actor.orgId), context.now());
      const result = await handle(
        store,
        loads,
        id,
        { type: 'RefreshLoad', data: { loadId: id, orgId: actor.orgId, today } },
        context,
      );
      sendPosition(response, result);
      return response.send(result.state.view && loadWithPlaces(result.state.view));
    });
  };
}
