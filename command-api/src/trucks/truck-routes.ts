import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireScope } from '@dispatch/auth';
import {
  refreshPostingSchema,
  todayIn,
  truckAnswerSchema,
  truckCreateSchema,
  truckPatchSchema,
} from '@dispatch/domain';
import { answers, openToKeys, type RoutesPlugin } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import { z } from 'zod';
import { trucks } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { organizationTimeZone } from '../organizations/organization-store.ts';
import { truckWithPlace } from '../places-on-map.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';
import { allocateId, truckIds } from '../sequence-ids.ts';

const truckParams = z.object({ id: z.coerce.number().int().positive('Truck id must be a positive integer') });
const versionQuery = z.object({ version: z.coerce.number().int().nonnegative().optional() }).strict();

/** Members of the organization, and its API keys with the `postings:write` scope. */
const writesPostings = requireScope('postings:write');

export function truckRoutes(options: { store: EventStore; auth: AuthService }): RoutesPlugin {
  const { store, auth } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, writesPostings));
    const created = openToKeys(
      'postings:write',
      answers({ 201: truckAnswerSchema }, { body: truckCreateSchema }),
    );
    app.post('/api/v1/trucks', created, async (request, response) => {
      const actor = await writesPostings(auth, request);
      const context = commandContextOf(request, actor);
      const truckId = await allocateId(store, truckIds, context);
      const result = await handle(
        store,
        trucks,
        truckId,
        { type: 'PostTruck', data: { truckId, orgId: actor.orgId, input: request.body } },
        context,
        { create: true },
      );
      sendPosition(response, result);
      return response.status(201).send(result.state.view && truckWithPlace(result.state.view));
    });

    const updated = openToKeys(
      'postings:write',
      answers({ 200: truckAnswerSchema }, { params: truckParams, body: truckPatchSchema }),
    );
    app.patch('/api/v1/trucks/:id', updated, async (request, response) => {
      const actor = await writesPostings(auth, request);
      const { id } = request.params;
      const { version, ...changes } = request.body;
      const result = await handle(
        store,
        trucks,
        id,
        { type: 'UpdateTruck', data: { truckId: id, orgId: actor.orgId, changes } },
        commandContextOf(request, actor),
        { statedRevision: version === undefined ? undefined : BigInt(version) },
      );
      sendPosition(response, result);
      return response.send(result.state.view && truckWithPlace(result.state.view));
    });

    const removed = openToKeys(
      'postings:write',
      answers({ 204: null }, { params: truckParams, querystring: versionQuery }),
    );
    app.delete('/api/v1/trucks/:id', removed, async (request, response) => {
      const actor = await writesPostings(auth, request);
      const { id } = request.params;
      const { version } = request.query;
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

    // Re-posts the truck (docs/rules.md#posting-age-and-expiry): its age starts again; an expired one is back on the board.
    const refreshed = openToKeys(
      'postings:write',
      answers({ 200: truckAnswerSchema }, { params: truckParams, body: refreshPostingSchema }),
    );
    app.post('/api/v1/trucks/:id/refresh', refreshed, async (request, response) => {
      const actor = await writesPostings(auth, request);
      const { id } = request.params;
      const context = commandContextOf(request, actor);
      const today = todayIn(await organizationTimeZone(store, actor.orgId), context.now());
      const result = await handle(
        store,
        trucks,
        id,
        { type: 'RefreshTruck', data: { truckId: id, orgId: actor.orgId, today } },
        context,
      );
      sendPosition(response, result);
      return response.send(result.state.view && truckWithPlace(result.state.view));
    });
  };
}
