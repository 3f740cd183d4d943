import { ENVELOPE_SCHEMA_VERSION, envelopeEventTypes } from './envelopes/events.ts';
import { type Upcaster, upcasterRegistry } from './shared/upcasting.ts';

/**
 * Every schema change of the product's events, oldest first. To change an event's shape: bump its
 * aggregate's schema version, write the new shape, add the step from the old version here (with a
 * test from an old event to the current read models), and bump the versions of the read models that
 * change (docs/operations.md has the recipe).
 */
export const upcasters: Upcaster[] = [
  {
    // Version 2 records the version of the agreement's text. Every envelope sent before it was sent
    // with text 1.
    type: 'EnvelopeSent',
    from: 1,
    upcast: (data) => ({ templateVersion: 1, ...(data as object) }),
  },
];

const currentVersions = new Map<string, number>(
  envelopeEventTypes.map((type) => [type, ENVELOPE_SCHEMA_VERSION]),
);

/** Brings any stored event to its current shape (events of types with one version pass as they are). */
export const eventUpcasting = upcasterRegistry(upcasters, (type) => currentVersions.get(type));
