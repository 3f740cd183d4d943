import { z } from 'zod';
import { dataAnswer, instantAnswer, positionAnswer } from '../shared/answers.ts';
import { readModelGroupNames, readModelRebuildStates } from './rebuild.ts';

/** GET /api/v1/admin/read-models: the latest rebuild and its progress. */
export const readModelStatusAnswerSchema = dataAnswer(
  z.object({
    state: z.enum(readModelRebuildStates),
    groups: z.array(z.enum(readModelGroupNames)).nullable(),
    requestedBy: z.string().nullable(),
    requestedAt: instantAnswer().nullable(),
    startedAt: instantAnswer().nullable(),
    finishedAt: instantAnswer().nullable(),
    reached: positionAnswer(),
    head: positionAnswer(),
    eventsPerSecond: z.number(),
    etaSeconds: z.number().nullable(),
    error: z.string().nullable(),
  }),
);

/** POST /api/v1/admin/read-models/rebuild (202). */
export const rebuildRequestedAnswerSchema = z.object({ success: z.literal(true) }).loose();

/** GET /api/v1/admin/read-models/groups: each group's read models, their rows and how far they stand. */
export const readModelGroupsAnswerSchema = dataAnswer(
  z.object({
    /** The position the read models in service reflect, and the log's last. */
    position: positionAnswer(),
    head: positionAnswer(),
    groups: z.array(
      z.object({
        name: z.enum(readModelGroupNames),
        /** Collection names, which carry their versions (`trucks_v3`). */
        readModels: z.array(z.string()),
        rows: z.number(),
        /** Where the group stands: its builder's position while a start builds it again. */
        position: positionAnswer(),
        /** Events after `position`, counted up to a cap (`lagEventsCapped`: at least that many). */
        lagEvents: z.number(),
        lagEventsCapped: z.boolean(),
      }),
    ),
  }),
);
