import { z } from 'zod';
import { dataAnswer, instantAnswer, positionAnswer } from '../shared/answers.ts';
import { readModelRebuildStates } from './rebuild.ts';

/** GET /api/v1/admin/read-models: the latest rebuild and its progress. */
export const readModelStatusAnswerSchema = dataAnswer(
  z.object({
    state: z.enum(readModelRebuildStates),
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
