import { expect } from 'vitest';
import type { Decider, Recorded, RecordedFacts } from './decider.ts';

type Metadata = RecordedFacts['metadata'];

/** A past event as a specification states it: its facts default to the specification's own. */
export type GivenEvent<Event> = Event & {
  revision?: bigint;
  position?: bigint;
  metadata?: Partial<Metadata>;
};

/** What a refusal must be: its class, its message, or some of its fields (`{ kind, message }`). */
export type ExpectedRefusal = (abstract new (...args: never[]) => Error) | string | Record<string, unknown>;

const DEFAULT_METADATA: Metadata = {
  orgId: 'org-a',
  actorId: 'user-a',
  occurredAt: '2026-01-01T00:00:00.000Z',
};

/**
 * Decider specifications that read like the business: given these events, when this command, then
 * these events, or this refusal. `metadata` is what every given event records unless it says otherwise.
 */
export const DeciderSpecification = {
  for<State, Command, Event extends { type: string; data: unknown }>(
    decider: Decider<State, Command, Event>,
    defaults: { metadata?: Partial<Metadata> } = {},
  ) {
    const fold = (events: GivenEvent<Event>[]): State =>
      events.reduce((state, event, index) => {
        const recorded = {
          ...event,
          revision: event.revision ?? BigInt(index),
          position: event.position ?? BigInt(index + 1),
          metadata: { ...DEFAULT_METADATA, ...defaults.metadata, ...event.metadata },
        } as Recorded<Event>;
        return decider.evolve(state, recorded);
      }, decider.initialState());

    return {
      given(events: GivenEvent<Event>[]) {
        return {
          /** The state the given events fold into. */
          state: () => fold(events),
          /** `label` names the case in a failure, for specifications that run a table of commands. */
          when(command: Command, label?: string) {
            const decide = () => decider.decide(command, fold(events));
            return {
              /** The events decided, exactly (none: `then([])`), or a check of them. */
              // biome-ignore lint/suspicious/noThenProperty: the words of a decider specification; never awaited
              then(expected: Event[] | ((events: Event[]) => void)) {
                const decided = decide();
                if (typeof expected === 'function') expected(decided);
                else expect(decided, label).toEqual(expected);
              },
              thenThrows(expected: ExpectedRefusal) {
                let refusal: unknown;
                try {
                  decide();
                } catch (error) {
                  refusal = error;
                }
                expect(refusal, label ?? 'the command is refused').toBeInstanceOf(Error);
                if (typeof expected === 'function') expect(refusal, label).toBeInstanceOf(expected);
                else if (typeof expected === 'string')
                  expect((refusal as Error).message, label).toBe(expected);
                else expect(refusal, label).toMatchObject(expected);
              },
            };
          },
        };
      },
    };
  },
};
