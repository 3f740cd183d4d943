import type { AuthService } from '@dispatch/auth';
import { requireSuperAdmin } from '@dispatch/auth';
import {
  isRebuildUnderWay,
  PLATFORM_ORG_ID,
  READ_MODEL_REBUILD_SCHEMA_VERSION,
  READ_MODEL_REBUILD_STREAM,
  type ReadModelRebuildRequested,
  rebuildRequestedAnswerSchema,
} from '@dispatch/domain';
import { answers, HttpError } from '@dispatch/http';
import { readRebuildRequestsHandled } from '@dispatch/projector';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { type Decider, handleCommand } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';

type RequestRebuild = {
  type: 'RequestReadModelRebuild';
  data: {
    requestedBy: string;
    /** What the projector's status says: a rebuild is running or switching over. */
    underWay: boolean;
    /** Requests at or below this position the projector has taken up (or passed over). */
    handledUpTo: bigint;
  };
};

const rebuildUnderWay = () => new HttpError(409, 'REBUILD_RUNNING', 'A rebuild is already running');

/**
 * One rebuild at a time, decided on the requests' stream with the revision read: a request the
 * projector has not taken up yet is pending, so requests made together cannot all pass. The
 * projector then does the rebuild and reports on it.
 */
const rebuildRequests: Decider<{ latest: bigint | null }, RequestRebuild, ReadModelRebuildRequested> = {
  initialState: () => ({ latest: null }),
  evolve: (_state, _event, recorded) => ({ latest: recorded.position }),
  decide: (command, state) => {
    const pending = state.latest !== null && state.latest > command.data.handledUpTo;
    if (command.data.underWay || pending) throw rebuildUnderWay();
    return [{ type: 'ReadModelRebuildRequested', data: { requestedBy: command.data.requestedBy } }];
  },
};

/** The platform admin's rebuild of every read model (blue/green, see the projector). */
export function readModelRoutes(options: {
  store: EventStore;
  auth: AuthService;
  documents: DocumentStore;
}): FastifyPluginAsync {
  const { store, auth, documents } = options;
  return async (app) => {
    app.post(
      '/api/v1/admin/read-models/rebuild',
      answers({ 202: rebuildRequestedAnswerSchema }),
      async (request, reply) => {
        const { user } = await requireSuperAdmin(auth, request);
        const { state, handledUpTo } = await readRebuildRequestsHandled(documents);
        const result = await handleCommand(
          store,
          READ_MODEL_REBUILD_STREAM,
          rebuildRequests,
          {
            type: 'RequestReadModelRebuild',
            data: { requestedBy: user.id, underWay: isRebuildUnderWay(state), handledUpTo },
          },
          commandContextOf(request, { orgId: PLATFORM_ORG_ID, userId: user.id }),
          { schemaVersion: READ_MODEL_REBUILD_SCHEMA_VERSION },
        );
        sendPosition(reply, result);
        return reply.status(202).send({ success: true, data: { requested: true } });
      },
    );
  };
}
