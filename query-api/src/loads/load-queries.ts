import type { AuthService } from '@dispatch/auth';
import { answers } from '@dispatch/auth/http/answers';
import { parseInput } from '@dispatch/auth/http/boundary';
import { requireOrganization } from '@dispatch/auth/http/request-context';
import { loadAnswerSchema, loadListQuerySchema, loadsPageAnswerSchema, notFound } from '@dispatch/domain';
import { collections, type LoadDocument } from '@dispatch/projector';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { resolveAsOf } from '../lists/as-of.ts';
import { organizationTimeZone } from '../organizations/organization-time-zone.ts';
import { withoutMinPosition } from '../read-your-writes.ts';
import { loadsPage, toLoad } from './loads-page.ts';

const loadParams = z.object({ id: z.coerce.number().int().positive('Load id must be a positive integer') });

export function loadQueries(options: {
  documents: DocumentStore;
  auth: AuthService;
  eventStore: EventStore;
}): FastifyPluginAsync {
  const { documents, auth, eventStore } = options;
  return async (app) => {
    app.get('/api/v1/loads', answers({ 200: loadsPageAnswerSchema }), async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      const query = parseInput(loadListQuerySchema, withoutMinPosition(request.query), 'query');
      const timeZone = await organizationTimeZone(documents, orgId);
      return loadsPage(
        documents,
        orgId,
        timeZone,
        query,
        new Date(),
        await resolveAsOf(eventStore, query.asOf),
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
