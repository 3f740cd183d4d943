import { z } from 'zod';
import { readModelStatusAnswerSchema } from '../read-models/answers.ts';
import { dataAnswer, instantAnswer, positionAnswer } from '../shared/answers.ts';

/**
 * How far the read models are behind the event log: events not applied yet (counted up to a cap,
 * `lagEventsCapped` when there are more) and how long the oldest of them has waited.
 */
const projectionLagFields = {
  /** The position of the newest event in the log. */
  head: positionAnswer(),
  /** The position the read models reflect (the projector's checkpoint). */
  checkpoint: positionAnswer(),
  lagEvents: z.number().int().nonnegative(),
  /** More events than `lagEvents` wait: the count stops at a cap. */
  lagEventsCapped: z.boolean(),
  /** Milliseconds the oldest event not applied yet has waited; 0 when the read models are at the head. */
  lagMs: z.number().int().nonnegative(),
};

/** GET /api/v1/testing/lag: the projection lag, for anyone in an organization (the system check). */
export const projectionLagAnswerSchema = dataAnswer(z.object(projectionLagFields));
export type ProjectionLagAnswer = z.output<typeof projectionLagAnswerSchema>['data'];

/** GET /api/v1/admin/status: the platform's health at a glance (super_admin only). */
export const systemStatusAnswerSchema = dataAnswer(
  z.object({
    checkedAt: instantAnswer(),
    eventStore: z.object({
      head: positionAnswer(),
      /** When the newest event happened; null for an empty log. */
      headAt: instantAnswer().nullable(),
    }),
    projector: z.object({
      ...projectionLagFields,
      /** When the last applied event happened; null before the first. */
      appliedAt: instantAnswer().nullable(),
      /** Events the projector applied per second over the last minute. */
      eventsPerSecond: z.number().nonnegative(),
      eventsLastMinute: z.number().int().nonnegative(),
    }),
    readModels: z.array(
      z.object({
        /** The collection in service, with its version: `trucks_v2`. */
        collection: z.string(),
        name: z.string(),
        version: z.number().int().positive(),
      }),
    ),
    rebuild: readModelStatusAnswerSchema.shape.data,
    live: z.object({
      /** Socket.IO connections open on this query API process. */
      connections: z.number().int().nonnegative(),
    }),
  }),
);
export type SystemStatusAnswer = z.output<typeof systemStatusAnswerSchema>['data'];

/** POST /api/v1/testing/ping (202): the ping's id, which its push carries, and the position of its event. */
export const pingAnswerSchema = dataAnswer(
  z.object({ pingId: z.uuid(), position: positionAnswer(), sentAt: instantAnswer() }),
);
export type PingAnswer = z.output<typeof pingAnswerSchema>['data'];

/** POST /api/v1/testing/email and /sms (202): where the message went (masked) and how many are left. */
export const testMessageAnswerSchema = dataAnswer(
  z.object({
    channel: z.enum(['email', 'sms']),
    sentTo: z.string(),
    /** Test messages of this channel the user may still send in the current window. */
    remaining: z.number().int().nonnegative(),
  }),
);
export type TestMessageAnswer = z.output<typeof testMessageAnswerSchema>['data'];
