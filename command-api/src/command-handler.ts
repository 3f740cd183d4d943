import { randomUUID } from 'node:crypto';
import {
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  newEventId,
  type RecordedEvent,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@dispatch/storage';

/** A decider in the Emmett sense: plain functions over plain data. */
export interface Decider<State, Command, Event extends { type: string; data: unknown }> {
  initialState: () => State;
  evolve: (state: State, event: Event, recorded: RecordedEvent) => State;
  decide: (command: Command, state: State) => Event[];
}

/** Who caused a command and why; becomes the metadata of every event it produces. */
export interface CommandContext {
  orgId: string;
  actorId: string;
  correlationId: string;
  /** The command's own id: the cause of the events it produces. */
  commandId: string;
  now: () => Date;
  /** Where the HTTP request came from (see clientMetadata); absent for what the product does on its own. */
  ip?: string;
  userAgent?: string;
}

/** The client fields of an event's metadata: those the context has, none when it has none. */
export function clientMetadata(context: Pick<CommandContext, 'ip' | 'userAgent'>): {
  ip?: string;
  userAgent?: string;
} {
  return {
    ...(context.ip ? { ip: context.ip } : {}),
    ...(context.userAgent ? { userAgent: context.userAgent } : {}),
  };
}

export interface CommandResult<State, Event> {
  state: State;
  events: (Event & { revision: bigint; metadata: EventMetadata })[];
  /** Stream revision after the command (the version an editor states next). */
  revision: bigint | null;
  /** Global position of the last appended event; null when nothing was appended. */
  position: bigint | null;
}

export interface HandleOptions<State = unknown> {
  /** The stream must not exist yet (creation). */
  create?: boolean;
  /** The revision the caller read; a different current revision is a conflict, never a retry. */
  statedRevision?: bigint;
  schemaVersion: number;
  /**
   * The organization the events belong to, from the stream's own state, for a caller without an
   * organization of its own (an envelope's receiver, the reminder sweep). Null keeps the context's.
   */
  organizationOf?: (state: State) => string | null;
}

const MAX_ATTEMPTS = 3;

/**
 * Reads the stream, folds it, decides, and appends with the revision it read. A concurrent writer
 * makes the append fail; without a stated revision the command is decided again on the new state.
 */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: CommandContext,
  options: HandleOptions<State>,
): Promise<CommandResult<State, Event>> {
  for (let attempt = 1; ; attempt++) {
    let state = decider.initialState();
    let revision: bigint | null = null;
    if (!options.create) {
      try {
        for (const recorded of await store.readStream(streamId)) {
          state = decider.evolve(state, recorded as unknown as Event, recorded);
          revision = recorded.revision;
        }
      } catch (error) {
        if (!(error instanceof StreamNotFoundError)) throw error;
      }
    }
    if (options.statedRevision !== undefined && revision !== options.statedRevision) {
      throw new WrongExpectedRevisionError(streamId, options.statedRevision, revision ?? 'no_stream');
    }
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { state, events: [], revision, position: null };

    const occurredAt = context.now().toISOString();
    const metadata: EventMetadata = {
      orgId: options.organizationOf?.(state) ?? context.orgId,
      actorId: context.actorId,
      correlationId: context.correlationId,
      causationId: context.commandId,
      schemaVersion: options.schemaVersion,
      occurredAt,
      ...clientMetadata(context),
    };
    const expected: ExpectedRevision = revision === null ? 'no_stream' : revision;
    try {
      const result = await store.append(
        streamId,
        decided.map((event) => ({ id: newEventId(), type: event.type, data: event.data, metadata })),
        { expected },
      );
      const first = result.nextRevision - BigInt(decided.length) + 1n;
      const events = decided.map((event, index) => ({ ...event, revision: first + BigInt(index), metadata }));
      for (const event of events) {
        state = decider.evolve(state, event, {
          ...event,
          id: '',
          streamId,
          position: result.position,
        } as RecordedEvent);
      }
      return { state, events, revision: result.nextRevision, position: result.position };
    } catch (error) {
      const retry =
        error instanceof WrongExpectedRevisionError &&
        options.statedRevision === undefined &&
        !options.create &&
        attempt < MAX_ATTEMPTS;
      if (!retry) throw error;
    }
  }
}

export function newCommandContext(input: {
  orgId: string;
  actorId: string;
  correlationId?: string;
  ip?: string;
  userAgent?: string;
}): CommandContext {
  const commandId = randomUUID();
  return {
    orgId: input.orgId,
    actorId: input.actorId,
    commandId,
    correlationId: input.correlationId ?? commandId,
    now: () => new Date(),
    ...clientMetadata(input),
  };
}
