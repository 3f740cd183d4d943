/** What a decider's fold reads of a stored event besides its type and data. */
export interface RecordedFacts {
  revision: bigint;
  /** Global position of the event; a fold that keeps the newest request compares it. */
  position: bigint;
  /** The organization, actor and time travel in the metadata, not in the event's data. */
  metadata: { orgId: string; actorId: string; occurredAt: string };
}

/** An event as a decider's fold receives it: its type and data with the facts the store recorded. */
export type Recorded<Event> = Event & RecordedFacts;

/**
 * A decider in the Emmett sense: plain functions over plain data. `decide` returns the events a
 * command leads to (none when it changes nothing) or throws the business rule it breaks.
 */
export interface Decider<State, Command, Event extends { type: string; data: unknown }> {
  initialState: () => State;
  evolve: (state: State, event: Recorded<Event>) => State;
  decide: (command: Command, state: State) => Event[];
}

/** A decision state with the record as the product shows it, so a command can answer with it. */
export interface WithView<Decision, View> {
  decision: Decision;
  view: View | null;
}

/** The same decider whose state also folds the record's view (what a command answers with). */
export function withView<Decision, Command, Event extends { type: string; data: unknown }, View>(
  decider: Decider<Decision, Command, Event>,
  applyView: (view: View | null, event: Recorded<Event>) => View | null,
): Decider<WithView<Decision, View>, Command, Event> {
  return {
    initialState: () => ({ decision: decider.initialState(), view: null }),
    evolve: (state, event) => ({
      decision: decider.evolve(state.decision, event),
      view: applyView(state.view, event),
    }),
    decide: (command, state) => decider.decide(command, state.decision),
  };
}

/**
 * The decider of a stream whose events nothing decides against (a ping, a read receipt): the command
 * is the event, always accepted. Its appends state no revision.
 */
export function alwaysAccepted<Event extends { type: string; data: unknown }>(): Decider<null, Event, Event> {
  return { initialState: () => null, evolve: (state) => state, decide: (event) => [event] };
}
