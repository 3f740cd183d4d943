import { randomUUID } from 'node:crypto';
import type { Decider, Recorded } from '@dispatch/domain';
import {
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  eventMetadata,
  newEventId,
  type RecordedEvent,
  type StreamAppend,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@dispatch/storage';

type AnyEvent = { type: string; data: unknown };

/** Who caused a command and why; becomes the metadata of every event it produces. */
export interface CommandContext {
  orgId: string;
  actorId: string;
  correlationId: string;
  /** The command's own id: the cause of the events it produces. */
  commandId: string;
  now: () => Date;
  /** Where the HTTP request came from; absent for what the product does on its own. */
  ip?: string;
  userAgent?: string;
}

/**
 * One kind of stream the command side writes: how its streams are named, its decider, the schema
 * version its events are written with, and (for a stream whose events belong to the organization it
 * records rather than the caller's: an envelope opened by its receiver, a search the sweep mails)
 * the organization its state names.
 */
export interface Aggregate<Id, State, Command, Event extends AnyEvent> {
  stream: (id: Id) => string;
  decider: Decider<State, Command, Event>;
  schemaVersion: number;
  organizationOf?: (state: State) => string | null;
}

/** A stream's folded state and the revision it was folded to (null: the stream has no events). */
export interface StreamState<State> {
  state: State;
  revision: bigint | null;
}

export interface CommandResult<State, Event> {
  state: State;
  events: (Event & { revision: bigint; metadata: EventMetadata })[];
  /** Stream revision after the command (the version an editor states next). */
  revision: bigint | null;
  /** Global position of the last appended event; null when nothing was appended. */
  position: bigint | null;
}

export interface HandleOptions<State> {
  /** The stream must not exist yet (creation): it is not read, and a conflict is never retried. */
  create?: boolean;
  /** The revision the caller read; a different current revision is a conflict, never a retry. */
  statedRevision?: bigint;
  /** Nothing decides against the stream's past: it is not read, and the append states no revision. */
  unconditional?: boolean;
  /**
   * A state the caller kept from before: decided on without reading, and on a conflict the events
   * appended after it are read (an id sequence's block, decided in memory).
   */
  known?: StreamState<State>;
  /** How many times a command is decided in all when concurrent writers keep winning (3 unless said). */
  attempts?: number;
  /** The refusal once the attempts are spent; the store's conflict itself unless said. */
  exhausted?: () => Error;
}

const ATTEMPTS = 3;

/** The metadata every event of a command carries (see eventMetadata). */
export function commandMetadata(context: CommandContext, schemaVersion: number): EventMetadata {
  return eventMetadata(
    {
      orgId: context.orgId,
      actorId: context.actorId,
      correlationId: context.correlationId,
      causationId: context.commandId,
      occurredAt: context.now(),
      ip: context.ip,
      userAgent: context.userAgent,
    },
    schemaVersion,
  );
}

/**
 * Folds a stream into its decider's state; from `known` on (only the events appended after its
 * revision are read) when the caller kept one.
 */
export async function readStreamState<State, Command, Event extends AnyEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  known?: StreamState<State>,
): Promise<StreamState<State>> {
  let state = known?.state ?? decider.initialState();
  let revision = known?.revision ?? null;
  try {
    const options = revision === null ? undefined : { fromRevision: revision + 1n };
    for (const recorded of await store.readStream(streamId, options)) {
      state = decider.evolve(state, recorded as unknown as Recorded<Event>);
      revision = recorded.revision;
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return { state, revision };
}

/** The metadata of a command's events: the context's, in the organization the stream names if it names one. */
function decidedMetadata<Id, State, Command, Event extends AnyEvent>(
  aggregate: Aggregate<Id, State, Command, Event>,
  state: State,
  context: CommandContext,
): EventMetadata {
  const organization = aggregate.organizationOf?.(state) ?? context.orgId;
  return commandMetadata({ ...context, orgId: organization }, aggregate.schemaVersion);
}

const toNewEvents = (decided: AnyEvent[], metadata: EventMetadata) =>
  decided.map((event) => ({ id: newEventId(), type: event.type, data: event.data, metadata }));

/**
 * A command decided as `handle` decides it (the stream's events folded, the aggregate's decider) on a
 * stream's events read already (its answer from `EventStore.readStreams`, none for a stream without
 * events), but not appended: the share of an append to many streams at once
 * (`EventStore.appendToStreams`), expecting the revision of the last of them. Null when the decider
 * records nothing. A share that meets a conflict is the caller's to send through `handle`, which reads
 * the stream again and decides anew.
 */
export function decideOnRecorded<Id, State, Command, Event extends AnyEvent>(
  aggregate: Aggregate<Id, State, Command, Event>,
  id: Id,
  recorded: readonly RecordedEvent[],
  command: Command,
  context: CommandContext,
): StreamAppend | null {
  let state = aggregate.decider.initialState();
  let revision: bigint | null = null;
  for (const event of recorded) {
    state = aggregate.decider.evolve(state, event as unknown as Recorded<Event>);
    revision = event.revision;
  }
  return decidedShare(aggregate, aggregate.stream(id), { state, revision }, command, context);
}

function decidedShare<Id, State, Command, Event extends AnyEvent>(
  aggregate: Aggregate<Id, State, Command, Event>,
  streamId: string,
  { state, revision }: StreamState<State>,
  command: Command,
  context: CommandContext,
): StreamAppend | null {
  const decided = aggregate.decider.decide(command, state);
  if (decided.length === 0) return null;
  const metadata = decidedMetadata(aggregate, state, context);
  return { streamId, events: toNewEvents(decided, metadata), expected: revision ?? 'no_stream' };
}

/**
 * The one command handler: reads the stream, decides, and appends with the revision it read. A
 * concurrent writer makes the append fail; without a stated revision the command is decided again on
 * the new state. `command` may be computed from the state read (a count the decision needs).
 */
export async function handle<Id, State, Command, Event extends AnyEvent>(
  store: EventStore,
  aggregate: Aggregate<Id, State, Command, Event>,
  id: Id,
  command: Command | ((state: State) => Command | Promise<Command>),
  context: CommandContext,
  options: HandleOptions<State> = {},
): Promise<CommandResult<State, Event>> {
  const { decider } = aggregate;
  const streamId = aggregate.stream(id);
  const attempts = options.attempts ?? ATTEMPTS;
  const retried = options.statedRevision === undefined && !options.create && !options.unconditional;
  let known = options.known;
  for (let attempt = 1; ; attempt++) {
    let current: StreamState<State>;
    if (options.create || options.unconditional) current = { state: decider.initialState(), revision: null };
    else if (known && attempt === 1) current = known;
    else if (known) current = known = await readStreamState(store, streamId, decider, known);
    else current = await readStreamState(store, streamId, decider);
    let { state } = current;
    const { revision } = current;
    if (options.statedRevision !== undefined && revision !== options.statedRevision) {
      throw new WrongExpectedRevisionError(streamId, options.statedRevision, revision ?? 'no_stream');
    }
    const decided = decider.decide(
      typeof command === 'function' ? await (command as (state: State) => Command)(state) : command,
      state,
    );
    if (decided.length === 0) return { state, events: [], revision, position: null };

    const metadata = decidedMetadata(aggregate, state, context);
    const expected: ExpectedRevision = options.unconditional ? 'any' : (revision ?? 'no_stream');
    try {
      const result = await store.append(streamId, toNewEvents(decided, metadata), { expected });
      const first = result.nextRevision - BigInt(decided.length) + 1n;
      const events = decided.map((event, index) => ({ ...event, revision: first + BigInt(index), metadata }));
      for (const event of events) state = decider.evolve(state, { ...event, position: result.position });
      return { state, events, revision: result.nextRevision, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || !retried) throw error;
      if (attempt >= attempts) throw options.exhausted?.() ?? error;
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
    ...(input.ip ? { ip: input.ip } : {}),
    ...(input.userAgent ? { userAgent: input.userAgent } : {}),
  };
}
