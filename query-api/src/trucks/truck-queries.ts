import type { AuthService } from '@dispatch/auth';
import { answers } from '@dispatch/auth/http/answers';
import { parseInput } from '@dispatch/auth/http/boundary';
import { requireOrganization } from '@dispatch/auth/http/request-context';
import {
  localDateOf,
  notFound,
  truckAnswerSchema,
  truckListQuerySchema,
  trucksPageAnswerSchema,
} from '@dispatch/domain';
import { collections, type TruckDocument } from '@dispatch/projector';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { type AnswerCache, listAnswerKey } from '../answer-cache.ts';
import { resolveAsOf } from '../lists/as-of.ts';
import { cachedTimeZone } from '../organizations/organization-time-zone.ts';
import { withoutMinPosition } from '../read-your-writes.ts';
import { toTruck, trucksPage } from './trucks-page.ts';

const truckParams = z.object({ id: z.coerce.number().int().positive('Truck id must be a positive integer') });

export function truckQueries(options: {
  documents: DocumentStore;
  auth: AuthService;
  eventStore: EventStore;
  cache: AnswerCache;
}): FastifyPluginAsync {
  const { documents, auth, eventStore, cache } = options;
  return async (app) => {
    app.get('/api/v1/trucks', answers({ 200: trucksPageAnswerSchema }), async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      const query = parseInput(truckListQuerySchema, withoutMinPosition(request.query), 'query');
      const timeZone = await cachedTimeZone(cache, documents, orgId);
      const now = new Date();
      // The board as of a past moment is read each time: auditors ask rarely, and it reads the log.
      if (query.asOf)
        return trucksPage(documents, orgId, timeZone, query, now, await resolveAsOf(eventStore, query.asOf));
      return cache.answer(
        listAnswerKey('trucks', orgId, localDateOf(timeZone, now.toISOString()), query),
        () => trucksPage(documents, orgId, timeZone, query, now),
      );
    });

    app.get('/api/v1/trucks/:id', answers({ 200: truckAnswerSchema }), async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      const { id } = parseInput(truckParams, request.params, 'params');
      const document = await documents.get<TruckDocument>(collections.trucks, String(id));
      // Another organization's truck is answered exactly like a missing one.
      if (!document || document.orgId !== orgId) throw notFound(`Truck ${id} not found`);
      return toTruck(document);
    });
  };
}
