import type { AuthService } from '@dispatch/auth';
import { requireSuperAdmin } from '@dispatch/auth';
import {
  isRebuildUnderWay,
  PLATFORM_ORG_ID,
  RebuildRunningError,
  rebuildReadModelsInputSchema,
  rebuildRequestedAnswerSchema,
  rebuiltGroupsOf,
} from '@dispatch/domain';
import { answers, HttpError, type RoutesPlugin } from '@dispatch/http';
import { readRebuildRequestsHandled } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { readModelRebuilds } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';

/** The decider's refusal in the answer the admin screen knows. */
const rebuildUnderWay = (error: unknown) =>
  error instanceof RebuildRunningError ? new HttpError(409, 'REBUILD_RUNNING', error.message) : error;

/** The platform admin's rebuild of every read model, or of some groups (blue/green, see the projector). */
export function readModelRoutes(options: {
  store: EventStore;
  auth: AuthService;
  documents: DocumentStore;
}): RoutesPlugin {
  const { store, auth, documents } = options;
  return async (app) => {
    app.post(
      '/api/v1/admin/read-models/rebuild',
      answers({ 202: rebuildRequestedAnswerSchema }, { body: rebuildReadModelsInputSchema }),
      async (request, reply) => {
        const groups = rebuiltGroupsOf(request.body.groups);
        const { user } = await requireSuperAdmin(auth, request);
        const { state, handledUpTo } = await readRebuildRequestsHandled(documents);
        // One rebuild at a time, decided on the requests' stream (see readModelRebuildDecider).
        const result = await handle(
          store,
          readModelRebuilds,
          undefined,
          {
            type: 'RequestReadModelRebuild',
            data: { requestedBy: user.id, groups, underWay: isRebuildUnderWay(state), handledUpTo },
          },
          commandContextOf(request, { orgId: PLATFORM_ORG_ID, userId: user.id }),
        ).catch((error: unknown) => {
          throw rebuildUnderWay(error);
        });
        sendPosition(reply, result);
        return reply.status(202).send({ success: true, data: { requested: true } });
      },
    );
  };
}
