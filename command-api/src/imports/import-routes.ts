import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireOrganization } from '@dispatch/auth';
import {
  csvImportAnswerSchema,
  csvImportBodySchema,
  csvImportKinds,
  csvPreviewAnswerSchema,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { setEventPosition } from '../event-position.ts';
import { commandContextOf } from '../request-context.ts';
import { importCsv, previewCsv } from './csv-import.ts';

/**
 * Posting trucks or loads from a CSV file, in the caller's organization (the session's):
 * `POST /api/v1/{trucks|loads}/import/preview` checks every row and writes nothing;
 * `POST /api/v1/{trucks|loads}/import` posts the valid rows through the normal command, each once
 * (see importCsv); the rows already on the board are marked, in the preview, from the organization's
 * board (see rowsOnBoard). The file is the `csv` text of a JSON body, so it passes the same guards as every
 * command, its 1 MB limit included.
 */
export function importRoutes(options: {
  store: EventStore;
  documents: DocumentStore;
  auth: AuthService;
}): RoutesPlugin {
  const { store, documents, auth } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireOrganization));
    for (const kind of csvImportKinds) {
      app.post(
        `/api/v1/${kind}/import/preview`,
        answers({ 200: csvPreviewAnswerSchema }, { body: csvImportBodySchema }),
        async (request) => {
          const { orgId } = await requireOrganization(auth, request);
          return previewCsv(documents, kind, request.body.csv, orgId);
        },
      );

      const imported = answers({ 200: csvImportAnswerSchema }, { body: csvImportBodySchema });
      app.post(`/api/v1/${kind}/import`, imported, async (request, reply) => {
        const actor = await requireOrganization(auth, request);
        const { csv } = request.body;
        const { answer, position } = await importCsv(
          { store, documents },
          kind,
          csv,
          commandContextOf(request, actor),
        );
        if (position !== null) setEventPosition(reply, position);
        return answer;
      });
    }
  };
}
