import type { AuthService } from '@dispatch/auth';
import { answers } from '@dispatch/auth/http/answers';
import { parseInput } from '@dispatch/auth/http/boundary';
import { requireOrganization } from '@dispatch/auth/http/request-context';
import {
  loadAnswerSchema,
  loadListQuerySchema,
  loadsPageAnswerSchema,
  localDateOf,
  notFound,
} from '@dispatch/domain';
import { collections, type LoadDocument } from '@dispatch/projector';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { type AnswerCache, listAnswerKey } from '../answer-cache.ts';
import { resolveAsOf } from '../lists/as-of.ts';
import { cachedTimeZone } from '../organizations/organization-time-zone.ts';
import { withoutMinPosition } from '../read-your-writes.ts';
import { loadsPage, toLoad } from './loads-page.ts';

const loadParams = z.object({ id: z.coerce.number().int().positive('Load id must be a positive integer') });

export function loadQueries(options: {
  documents: DocumentStore;
  auth: AuthService;
  eventStore: EventStore;
  cache: AnswerCache;
}): FastifyPluginAsync {
  const { documents, auth, eventStore, cache } = options;
  return async (app) => {
    app.get('/api/v1/loads', answers({ 200: loadsPageAnswerSchema }), async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      const query = parseInput(loadListQuerySchema, withoutMinPosition(request.query), 'query');
      const timeZone = await cachedTimeZone(cache, documents, orgId);
      const now = new Date();
      // The board as of a past moment is read each time: auditors ask rarely, and it reads the log.
      if (query.asOf)
        return loadsPage(documents, orgId, timeZone, query, now, await resolveAsOf(eventStore, query.asOf));
      return cache.answer(
        listAnswerKey('loads', orgId, localDateOf(timeZone, now.toISOString()), query),
        () => loadsPage(documents, orgId, timeZone, query, now),
      );
    });

    app.get('/api/v1/loads/:id', answers({ 200: loadAnswerSchema }), async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      const { id } = parseInput(loadParams, request.params, 'params');
      const document = await documents.get<LoadDocument>(collections.loads, String(id));
      // Another organization's load is answered exactly like a missing one.
      if (!document || document.orgId !== orgId) throw notFound(`Load ${id} not found`);
      return toLoad(document);
    });
  };
}
