import type { ActivityKind } from '@dispatch/domain';
import type { ActivityChange } from '@dispatch/read-models';
import type { Document, RecordedEvent } from '@dispatch/storage';
import type { ProjectionContext } from '../../projection.ts';

/** An event's data, read field by field. */
export type Data = Record<string, unknown>;
/** A record (posting, envelope, member…) as its list holds it before the event. */
export type Subject = Document & Data;

/** A non-empty string, else null. */
export const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** An entry as a handler makes it; the projection adds the event's who, when and where. */
export interface Described {
  orgId: string;
  kind: ActivityKind;
  subjectId: string;
  subjectLabel: string | null;
  subjectType?: string | null;
  changes: ActivityChange[];
  /** The actor's name when the event itself tells it (a member joining, an envelope's sender…). */
  actorName?: string | null;
  /** Where the request came from when the event's data says it (an envelope's receiver). */
  client?: { ip: unknown; userAgent: unknown };
}

export type Describe = (
  event: RecordedEvent,
  data: Data,
  context: ProjectionContext,
) => Promise<Described | null>;

/** The record `id` of `collection` as it stands before the event; null without an id. */
export const get = (context: ProjectionContext, collection: string, id: unknown) =>
  typeof id === 'string' || typeof id === 'number'
    ? context.get<Subject>(collection, String(id))
    : Promise.resolve(null);
