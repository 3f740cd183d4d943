import type { AuthService } from '@dispatch/auth';
import { parseInput } from '@dispatch/auth/http/boundary';
import { requireOrganization } from '@dispatch/auth/http/request-context';
import { dayRange, type Load, loadListQuerySchema, notFound } from '@dispatch/domain';
import { collections, type LoadDocument } from '@dispatch/projector';
import type { DocumentStore, Filter } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { postingFilter, postingSort } from '../lists/posting-filter.ts';
import { organizationTimeZone } from '../organizations/organization-time-zone.ts';
import { withoutMinPosition } from '../read-your-writes.ts';

const loadParams = z.object({ id: z.coerce.number().int().positive('Load id must be a positive integer') });

export function toLoad(document: LoadDocument): Load {
  const { orgId: _orgId, position: _position, searchText: _searchText, ...load } = document;
  return { ...load, id: Number(load.id) };
}

export function loadQueries(options: { documents: DocumentStore; auth: AuthService }): FastifyPluginAsync {
  const { documents, auth } = options;
  return async (app) => {
    app.get('/api/v1/loads', async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      const query = parseInput(loadListQuerySchema, withoutMinPosition(request.query), 'query');
      const own: Filter = { orgId: { eq: orgId } };
      // A load has no availability status (SPEC section 3): the shared `status` parameter filters nothing.
      const filter = postingFilter({ ...query, status: undefined }, orgId, 'searchText');
      if (query.product) filter.product = { in: query.product };
      const timeZone = await organizationTimeZone(documents, orgId);
      const now = new Date();
      const today = dayRange(timeZone, now);
      const yesterday = dayRange(timeZone, now, -1);
      const createdOn = (day: typeof today) =>
        documents.count(collections.loads, { ...own, createdAt: { gte: day.start, lt: day.end } });
      // A load is available on the calendar day its availability date names.
      const availableOn = (day: typeof today) =>
        documents.count(collections.loads, {
          ...own,
          availabilityDate: { gte: `${day.date}T00:00:00.000Z`, lte: `${day.date}T23:59:59.999Z` },
        });
      const [rows, totalCount, createdToday, createdYesterday, availableToday, availableYesterday] =
        await Promise.all([
          documents.find<LoadDocument>(collections.loads, {
            filter,
            sort: postingSort(query),
            skip: query.page * query.limit,
            limit: query.limit,
          }),
          documents.count(collections.loads, filter),
          createdOn(today),
          createdOn(yesterday),
          availableOn(today),
          availableOn(yesterday),
        ]);
      return {
        success: true,
        count: rows.length,
        totalCount,
        totalCreatedToday: createdToday,
        totalCreatedYesterday: createdYesterday,
        totalAvailableToday: availableToday,
        totalAvailableYesterday: availableYesterday,
        limit: query.limit,
        totalPages: Math.ceil(totalCount / query.limit),
        page: query.page,
        data: rows.map(toLoad),
      };
    });

    app.get('/api/v1/loads/:id', async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      const { id } = parseInput(loadParams, request.params, 'params');
      const document = await documents.get<LoadDocument>(collections.loads, String(id));
      // Another organization's load is answered exactly like a missing one.
      if (!document || document.orgId !== orgId) throw notFound(`Load ${id} not found`);
      return toLoad(document);
    });
  };
}
