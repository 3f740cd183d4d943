import type { AuthService } from '@dispatch/auth';
import { parseInput } from '@dispatch/auth/http/boundary';
import { requireOrganization } from '@dispatch/auth/http/request-context';
import { DEFAULT_TIME_ZONE, dayRange, notFound, type Truck, truckListQuerySchema } from '@dispatch/domain';
import { collections, type TruckDocument } from '@dispatch/projector';
import type { DocumentStore, Filter } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { postingFilter, postingSort } from '../lists/posting-filter.ts';
import { withoutMinPosition } from '../read-your-writes.ts';

const truckParams = z.object({ id: z.coerce.number().int().positive('Truck id must be a positive integer') });

export function toTruck(document: TruckDocument): Truck {
  const { orgId: _orgId, position: _position, ...truck } = document;
  return { ...truck, id: Number(truck.id) };
}

async function timeZoneOf(documents: DocumentStore, orgId: string): Promise<string> {
  const organization = await documents.get<{ id: string; position: string; timeZone?: string }>(
    collections.organizations,
    orgId,
  );
  return organization?.timeZone ?? DEFAULT_TIME_ZONE;
}

export function truckQueries(options: { documents: DocumentStore; auth: AuthService }): FastifyPluginAsync {
  const { documents, auth } = options;
  return async (app) => {
    app.get('/api/v1/trucks', async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      const query = parseInput(truckListQuerySchema, withoutMinPosition(request.query), 'query');
      const own: Filter = { orgId: { eq: orgId } };
      const filter = postingFilter(query, orgId, 'truckName');
      if (query.direction) filter.direction = { in: query.direction };
      if (query.unitNumber) filter.unitNumber = { contains: query.unitNumber };
      const timeZone = await timeZoneOf(documents, orgId);
      const now = new Date();
      const today = dayRange(timeZone, now);
      const yesterday = dayRange(timeZone, now, -1);
      const createdOn = (day: typeof today) =>
        documents.count(collections.trucks, { ...own, createdAt: { gte: day.start, lt: day.end } });
      // A truck is available on a day when it is marked available and its availability date is that calendar day.
      const availableOn = (day: typeof today) =>
        documents.count(collections.trucks, {
          ...own,
          status: { eq: true },
          availabilityDate: { gte: `${day.date}T00:00:00.000Z`, lte: `${day.date}T23:59:59.999Z` },
        });
      const [rows, totalCount, createdToday, createdYesterday, availableToday, availableYesterday] =
        await Promise.all([
          documents.find<TruckDocument>(collections.trucks, {
            filter,
            sort: postingSort(query),
            skip: query.page * query.limit,
            limit: query.limit,
          }),
          documents.count(collections.trucks, filter),
          createdOn(today),
          createdOn(yesterday),
          availableOn(today),
          availableOn(yesterday),
        ]);
      return {
        success: true,
        count: rows.length,
        totalCount,
        totalPages: Math.ceil(totalCount / query.limit),
        totalTrucksCreatedToday: createdToday,
        totalTrucksCreatedYesterday: createdYesterday,
        totalAvailableToday: availableToday,
        totalAvailableYesterday: availableYesterday,
        limit: query.limit,
        page: query.page,
        data: rows.map(toTruck),
      };
    });

    app.get('/api/v1/trucks/:id', async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      const { id } = parseInput(truckParams, request.params, 'params');
      const document = await documents.get<TruckDocument>(collections.trucks, String(id));
      // Another organization's truck is answered exactly like a missing one.
      if (!document || document.orgId !== orgId) throw notFound(`Truck ${id} not found`);
      return toTruck(document);
    });
  };
}
