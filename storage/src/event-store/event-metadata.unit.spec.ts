import { describe, expect, it } from 'vitest';
import { eventMetadata } from './event-metadata.ts';

const cause = {
  orgId: 'org-a',
  actorId: 'user-a',
  correlationId: 'corr-1',
  causationId: 'cmd-1',
  occurredAt: new Date('2026-11-21T10:00:00.000Z'),
};

describe('event metadata', () => {
  it('records the organization, actor, correlation, cause, schema version and time', () => {
    expect(eventMetadata(cause, 3)).toEqual({
      orgId: 'org-a',
      actorId: 'user-a',
      correlationId: 'corr-1',
      causationId: 'cmd-1',
      schemaVersion: 3,
      occurredAt: '2026-11-21T10:00:00.000Z',
    });
  });

  it('records the client address and User-Agent when known, and leaves empty ones out', () => {
    expect(eventMetadata({ ...cause, ip: '203.0.113.7', userAgent: 'Phone' }, 1)).toMatchObject({
      ip: '203.0.113.7',
      userAgent: 'Phone',
    });
    const metadata = eventMetadata({ ...cause, causationId: null, ip: '', userAgent: '' }, 1);
    expect(metadata.causationId).toBeNull();
    expect(Object.keys(metadata)).not.toContain('ip');
    expect(Object.keys(metadata)).not.toContain('userAgent');
  });
});
