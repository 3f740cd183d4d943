import type { AuthService } from '@dispatch/auth';
import { type ActorContext, callerFirst, requireOrganization, requireScope } from '@dispatch/auth';
import {
  ACTIVITY_FORBIDDEN_MESSAGE,
  activityExportQuerySchema,
  activityPageAnswerSchema,
  activityQuerySchema,
  canSeeActivity,
} from '@dispatch/domain';
import { answers, binaryAnswer, HttpError, openToKeys, type RoutesPlugin } from '@dispatch/http';
import type { DocumentStore } from '@dispatch/storage';
import type { FastifyRequest } from 'fastify';
import { requireGroupServing } from '../rebuilding.ts';
import { ACTIVITY_CSV_HEADER, activityCsv } from './activity-csv.ts';
import { activityPage } from './activity-page.ts';

/** The caller's organization, once they are one of its owners or admins: the log is theirs to read. */
async function requireActivityAccess(auth: AuthService, request: FastifyRequest): Promise<ActorContext> {
  const actor = await requireOrganization(auth, request);
  if (!canSeeActivity(actor.role)) throw new HttpError(403, 'FORBIDDEN', ACTIVITY_FORBIDDEN_MESSAGE);
  return actor;
}

/** The log itself is also open to the organization's API keys with the `activity` scope. */
async function requireActivityReader(auth: AuthService, request: FastifyRequest): Promise<ActorContext> {
  const actor = await requireScope('activity')(auth, request);
  if (actor.via === 'session' && !canSeeActivity(actor.role)) {
    throw new HttpError(403, 'FORBIDDEN', ACTIVITY_FORBIDDEN_MESSAGE);
  }
  return actor;
}

/**
 * The organization's activity log, for its owners and admins: one entry per event of its records,
 * newest first, filtered by actor, kind, subject, period and text, paged by position; and the same
 * as a CSV file. The organization is the session's, as everywhere.
 */
export function activityQueries(options: { documents: DocumentStore; auth: AuthService }): RoutesPlugin {
  const { documents, auth } = options;
  return async (app) => {
    app.get(
      '/api/v1/activity',
      openToKeys('activity', {
        ...answers({ 200: activityPageAnswerSchema }, { querystring: activityQuerySchema }),
        preValidation: callerFirst(auth, requireScope('activity')),
      }),
      async (request) => {
        const { orgId } = await requireActivityReader(auth, request);
        await requireGroupServing(documents, 'history', 'The activity log');
        const query = request.query;
        return activityPage(documents, orgId, query);
      },
    );

    app.get(
      '/api/v1/activity/export.csv',
      {
        ...answers(
          { 200: binaryAnswer('text/csv', ACTIVITY_CSV_HEADER) },
          { querystring: activityExportQuerySchema },
        ),
        preValidation: callerFirst(auth, requireOrganization),
      },
      async (request, reply) => {
        const { orgId } = await requireActivityAccess(auth, request);
        await requireGroupServing(documents, 'history', 'The activity log');
        const filter = request.query;
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(activityCsv(documents, orgId, filter));
      },
    );
  };
}
