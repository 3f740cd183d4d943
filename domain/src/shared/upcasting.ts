/**
 * Schema changes through upcasters. Events are never rewritten: an event written at an older schema
 * version is brought to the current shape whenever it is read (by the deciders, the projector, the
 * histories), one version step at a time, by the upcasters registered for its type.
 */

/** An event as read from the store: its type, its data, and the schema version it was written at. */
export interface VersionedEvent {
  type: string;
  data: unknown;
  metadata: { schemaVersion: number };
}

/** Turns the data of an event of `type` written at version `from` into its shape at `from + 1`. */
export interface Upcaster {
  type: string;
  from: number;
  upcast(data: unknown): unknown;
}

export interface UpcasterRegistry {
  /** The events of `type` at their current version. */
  upcast<E extends VersionedEvent>(event: E): E;
}

/**
 * A registry of upcasters and the current schema version per event type (`versionOf`). A step with
 * no upcaster registered leaves the data as it is: most types keep their shape when their aggregate's
 * version moves on.
 */
export function upcasterRegistry(
  upcasters: Upcaster[],
  versionOf: (type: string) => number | undefined,
): UpcasterRegistry {
  const steps = new Map(upcasters.map((upcaster) => [`${upcaster.type}@${upcaster.from}`, upcaster]));
  return {
    upcast(event) {
      const current = versionOf(event.type);
      if (current === undefined || event.metadata.schemaVersion >= current) return event;
      let data = event.data;
      for (let version = event.metadata.schemaVersion; version < current; version++) {
        const step = steps.get(`${event.type}@${version}`);
        if (step) data = step.upcast(data);
      }
      return { ...event, data, metadata: { ...event.metadata, schemaVersion: current } };
    },
  };
}
