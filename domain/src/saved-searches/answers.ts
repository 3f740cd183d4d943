import { z } from 'zod';
import { dataAnswer, instantAnswer, positionAnswer } from '../shared/answers.ts';
import { savedSearchKinds } from './schemas.ts';

const alert = z.object({ inApp: z.boolean(), email: z.boolean() });

/** A saved search as its owner gets it: `params` are the list parameters of its kind, as stored. */
export const savedSearchAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(savedSearchKinds),
  params: z.record(z.string(), z.unknown()),
  alert,
  createdAt: instantAnswer(),
  updatedAt: instantAnswer(),
  version: z.number().int(),
});
export type SavedSearchAnswer = z.output<typeof savedSearchAnswerSchema>;

/** POST and PATCH /api/v1/saved-searches…: the search as it now stands. */
export const savedSearchOneAnswerSchema = dataAnswer(savedSearchAnswerSchema);

/** GET /api/v1/saved-searches: the user's saved searches in the organization, newest first, and how many one may keep. */
export const savedSearchesAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(savedSearchAnswerSchema),
  max: z.number().int(),
});
export type SavedSearchesAnswer = z.output<typeof savedSearchesAnswerSchema>;

/** What became of a notification's e-mail: none asked, due, sent, not sent after all, or refused by the mail server. */
export const notificationEmailStates = ['none', 'due', 'sent', 'skipped', 'failed'] as const;
export type NotificationEmailState = (typeof notificationEmailStates)[number];

/** One alert: a posting that came to match a saved search. */
export const notificationAnswerSchema = z.object({
  id: z.string(),
  savedSearchId: z.string(),
  savedSearchName: z.string(),
  postingKind: z.enum(['trucks', 'loads']),
  postingId: z.number().int(),
  /** Posted, or changed so that it now matches. */
  reason: z.enum(['posted', 'changed']),
  /** The truck's name, or the load's route. */
  title: z.string(),
  detail: z.string(),
  /** Miles from the search's city, for a radius search. */
  distance: z.number().nullable(),
  occurredAt: instantAnswer(),
  position: positionAnswer(),
  read: z.boolean(),
  email: z.enum(notificationEmailStates),
  mailedAt: instantAnswer().nullable(),
});
export type NotificationAnswer = z.output<typeof notificationAnswerSchema>;

/** GET /api/v1/notifications: newest first; `nextCursor` is the next page's `before`, null on the last. */
export const notificationsPageAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(notificationAnswerSchema),
  unreadCount: z.number().int(),
  nextCursor: positionAnswer().nullable(),
});
export type NotificationsPageAnswer = z.output<typeof notificationsPageAnswerSchema>;

/** POST /api/v1/notifications/read: how many unread notifications it marked. */
export const notificationsReadAnswerSchema = z.object({ success: z.literal(true), marked: z.number().int() });
