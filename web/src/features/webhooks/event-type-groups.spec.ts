import { feedEventTypes } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import { eventTypeGroups } from './event-type-groups';

describe('the event type groups of the webhook form', () => {
  it('offer every type of the feed exactly once', () => {
    const offered = eventTypeGroups.flatMap((group) => group.types);
    expect([...offered].sort()).toEqual([...feedEventTypes].sort());
  });
});
