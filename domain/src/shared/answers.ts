import { z } from 'zod';

/**
 * The shapes of the API's answers, beside the shapes of its inputs: the server declares them on its
 * routes (and in its OpenAPI document), the web app parses every answer with them, and a test calls
 * every route and checks its answer, so the two sides cannot drift apart unnoticed.
 * Objects are not strict: a field the server adds later breaks no client; one it drops or renames does.
 */

const isoInstant = z.iso.datetime({ offset: true });
/** An instant as the API writes it (ISO 8601 with a zone). */
export const instantAnswer = () => isoInstant;
/** A 64-bit position of the event log, written as a decimal string. */
export const positionAnswer = () => z.string().regex(/^\d+$/);

export const okAnswerSchema = z.object({ success: z.literal(true) });

/** `{ success, data }`, the envelope of most answers. */
export const dataAnswer = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** The paged list response of docs/rules.md#entities-and-fields. */
export const pagedAnswer = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    limit: z.number().int(),
    page: z.number().int(),
    count: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    data: z.array(item),
  });

/** Every refusal and failure, whatever the route. */
export const errorAnswerSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type ErrorAnswer = z.output<typeof errorAnswerSchema>;

/** One field an event changed, from what to what (null when it had no value). */
export const fieldChangeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });

/** GET /api/v1/{trucks|loads}/{id}/history: a posting's events, oldest first. */
export const historyAnswerSchema = dataAnswer(
  z.array(
    z.object({
      revision: z.number().int(),
      position: positionAnswer(),
      type: z.string(),
      occurredAt: instantAnswer(),
      actor: z.object({ id: z.string(), name: z.string().nullable() }),
      changes: z.array(fieldChangeSchema),
    }),
  ),
);
export type HistoryAnswer = z.output<typeof historyAnswerSchema>;
export type HistoryEntry = HistoryAnswer['data'][number];

/** GET /api/health. */
export const healthAnswerSchema = z.object({ ok: z.literal(true), position: positionAnswer().optional() });

/** The fields every posting (truck, load) answers with: its dispatcher, who made and changed it, when, its version. */
export const postingAnswerFields = {
  dispatcherName: z.string(),
  dispatcherCountryCode: z.string(),
  dispatcherMobileNumber: z.string(),
  dispatcherEmail: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  createdAt: instantAnswer(),
  updatedAt: instantAnswer(),
  version: z.number().int(),
  /** When it was first posted, and when its age started: that posting or its last refresh. */
  postedAt: instantAnswer().optional(),
  refreshedAt: instantAnswer().optional(),
  /** When it leaves the live board unless refreshed (docs/rules.md#posting-age-and-expiry). */
  expiresAt: instantAnswer().optional(),
  /** Off the live board until re-posted. */
  expired: z.boolean().optional(),
};

/** What became of a row of an as-of answer since that moment. */
export const sinceAnswer = () => z.enum(['unchanged', 'changed', 'removed']).optional();

/** An as-of answer's moment (absent from answers of the present). */
export const asOfAnswerSchema = z
  .object({
    at: instantAnswer(),
    position: positionAnswer().nullable(),
    /** Rows of the list in service now that were made after that moment (lists only). */
    addedSince: z.number().int().optional(),
  })
  .optional();
