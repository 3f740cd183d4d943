import { z } from 'zod';
import { fieldChangeSchema, instantAnswer, positionAnswer } from '../shared/answers.ts';
import { activityKinds } from './schemas.ts';

/** One entry of the activity log: one event, who did it, when, from where, to what, and what it changed. */
export const activityEntrySchema = z.object({
  /** The event's position in the log: what `before` pages by. */
  position: positionAnswer(),
  occurredAt: instantAnswer(),
  actorId: z.string(),
  /** The member's name as they joined, the receiver's for an envelope's receiver; null when unknown. */
  actorName: z.string().nullable(),
  kind: z.enum(activityKinds),
  /** The record: a truck's or a load's number, an envelope's, member's, invitation's, team's or the organization's id. */
  subjectId: z.string(),
  /** How people know it: a truck's name, a load's route, an envelope's receiver, a member's e-mail… */
  subjectLabel: z.string().nullable(),
  /** An envelope's type (`driver`, `client`), which names its sign-pro table; null for other kinds. */
  subjectType: z.string().nullable(),
  /** The event's type: `TruckUpdated`, `EnvelopeVoided`, `MemberRoleChanged`… */
  type: z.string(),
  /** A creation's main values (from null), an edit's changed fields only; never a secret or a signature. */
  changes: z.array(fieldChangeSchema),
  /** The client address and browser of the request that caused it; null for older events and the product's own. */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The id shared by every event one request caused. */
  correlationId: z.string().nullable(),
});
export type ActivityEntry = z.output<typeof activityEntrySchema>;

/** GET /api/v1/activity: a page, newest first; `nextCursor` is the `before` of the next page, null after the last. */
export const activityPageAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(activityEntrySchema),
  nextCursor: positionAnswer().nullable(),
});
export type ActivityPageAnswer = z.output<typeof activityPageAnswerSchema>;
