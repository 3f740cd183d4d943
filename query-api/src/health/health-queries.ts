import type { AuthService } from '@dispatch/auth';
import { requireOrganization, requireSuperAdmin } from '@dispatch/auth';
import {
  projectionLagAnswerSchema,
  readModelGroupsAnswerSchema,
  systemStatusAnswerSchema,
} from '@dispatch/domain';
import { answers } from '@dispatch/http';
import {
  type ProjectionLag,
  readModelCollections,
  readProjectionLag,
  readRebuildStatus,
} from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { readModelGroupsStatus } from './read-model-groups.ts';

export interface HealthQueriesOptions {
  documents: DocumentStore;
  eventStore: EventStore;
  auth: AuthService;
  /** Socket.IO connections open on this process. */
  liveConnections: () => number;
}

const lagFields = (lag: ProjectionLag) => ({
  head: lag.head.toString(),
  checkpoint: lag.checkpoint.toString(),
  lagEvents: lag.lagEvents,
  lagEventsCapped: lag.lagEventsCapped,
  lagMs: lag.lagMs,
});

/**
 * The platform's health for its admins (`/admin`), and the projection lag for the system check any
 * dispatcher runs (`/{orgSlug}/testing`): positions and counts of the whole log, nothing of any
 * organization's records.
 */
export function healthQueries(options: HealthQueriesOptions): FastifyPluginAsync {
  const { documents, eventStore, auth } = options;
  const readModels = readModelCollections();
  return async (app) => {
    app.get('/api/v1/admin/status', answers({ 200: systemStatusAnswerSchema }), async (request) => {
      await requireSuperAdmin(auth, request);
      const now = new Date();
      const [lag, rebuild] = await Promise.all([
        readProjectionLag(eventStore, documents, now),
        readRebuildStatus(documents),
      ]);
      return {
        success: true,
        data: {
          checkedAt: now.toISOString(),
          eventStore: { head: lag.head.toString(), headAt: lag.headAt },
          projector: {
            ...lagFields(lag),
            appliedAt: lag.appliedAt,
            eventsPerSecond: lag.eventsPerSecond,
            eventsLastMinute: lag.eventsLastMinute,
          },
          readModels,
          rebuild,
          live: { connections: options.liveConnections() },
        },
      };
    });

    /** Each group of read models the admin may rebuild alone: its read models, rows and lag. */
    app.get(
      '/api/v1/admin/read-models/groups',
      answers({ 200: readModelGroupsAnswerSchema }),
      async (request) => {
        await requireSuperAdmin(auth, request);
        return { success: true, data: await readModelGroupsStatus(eventStore, documents) };
      },
    );

    app.get('/api/v1/testing/lag', answers({ 200: projectionLagAnswerSchema }), async (request) => {
      await requireOrganization(auth, request);
      return { success: true, data: lagFields(await readProjectionLag(eventStore, documents)) };
    });
  };
}
