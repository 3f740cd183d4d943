import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireOrganization } from '@dispatch/auth';
import { historyAnswerSchema, notFound } from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import { collections, type MemberDocument } from '@dispatch/read-models';
import {
  type DocumentStore,
  type EventStore,
  type RecordedEvent,
  StreamNotFoundError,
} from '@dispatch/storage';
import { z } from 'zod';
import { postingTimeline } from './posting-timeline.ts';

const postings = [
  { path: 'trucks', stream: 'truck', idField: 'truckId', noun: 'Truck' },
  { path: 'loads', stream: 'load', idField: 'loadId', noun: 'Load' },
] as const;

async function readPosting(eventStore: EventStore, streamId: string): Promise<RecordedEvent[]> {
  try {
    return await eventStore.readStream(streamId);
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
}

/** Names of the actors, from the organization's members; someone who has left keeps only their id. */
async function actorNames(documents: DocumentStore, orgId: string, actorIds: string[]) {
  const members = await documents.find<MemberDocument>(collections.members, {
    filter: { orgId: { eq: orgId }, userId: { in: [...new Set(actorIds)] } },
  });
  return new Map(members.map((member) => [member.userId, member.name]));
}

/**
 * GET /api/v1/trucks/{id}/history and /api/v1/loads/{id}/history: who changed what on a posting, and
 * when. This is the one read of the query API that goes to the event store rather than a read model:
 * the stream is the history, complete and in order, while a read model keeping every past version
 * of every posting would copy the log for a screen opened one posting at a time.
 */
export function historyQueries(options: {
  documents: DocumentStore;
  eventStore: EventStore;
  auth: AuthService;
}): RoutesPlugin {
  const { documents, eventStore, auth } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireOrganization));
    for (const posting of postings) {
      const params = z.object({
        id: z.coerce.number().int().positive(`${posting.noun} id must be a positive integer`),
      });
      app.get(
        `/api/v1/${posting.path}/:id/history`,
        answers({ 200: historyAnswerSchema }, { params }),
        async (request) => {
          const { orgId } = await requireOrganization(auth, request);
          const { id } = request.params;
          const events = await readPosting(eventStore, `${posting.stream}-${id}`);
          // Another organization's posting is answered exactly like a missing one.
          if (events[0]?.metadata.orgId !== orgId) throw notFound(`${posting.noun} ${id} not found`);
          const timeline = postingTimeline(events, posting.idField);
          const names = await actorNames(
            documents,
            orgId,
            timeline.map((entry) => entry.actorId),
          );
          return {
            success: true,
            data: timeline.map(({ actorId, ...entry }) => ({
              ...entry,
              actor: { id: actorId, name: names.get(actorId) ?? null },
            })),
          };
        },
      );
    }
  };
}
